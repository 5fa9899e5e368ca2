#!/usr/bin/env python3
"""Checks the rules digest against the tests that cite it (docs/rules.md, "The rules digest").

Every rule id a test cites as a Catch2 tag, `[R-T3]`, must be defined in docs/rules.md (an
`<a id="R-T3"></a>` anchor): an error otherwise. Ids defined there that no test cites are listed as a
warning (a rule without a test yet), which does not fail. With --self-test, checks the checker on
made-up files: an undefined citation fails, an uncited definition only warns.
"""
import pathlib
import re
import sys
import tempfile

TAG = re.compile(r"\[(R-[A-Za-z0-9]+)\]")
ANCHOR = re.compile(r'<a id="(R-[A-Za-z0-9]+)"></a>')
TEST_SUFFIXES = {".cpp", ".hpp", ".mjs", ".js", ".py", ".txt", ".cmake"}


def cited_ids(tests_dir):
    cited = {}
    for path in sorted(tests_dir.rglob("*")):
        if path.suffix not in TEST_SUFFIXES or not path.is_file() or path.name == pathlib.Path(__file__).name:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            for rule in TAG.findall(line):
                cited.setdefault(rule, f"{path.relative_to(tests_dir.parent)}:{number}")
    return cited


def defined_ids(digest):
    ids = ANCHOR.findall(digest.read_text(encoding="utf-8"))
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    return set(ids), duplicates


def check(root, out=sys.stdout):
    digest = root / "docs" / "rules.md"
    if not digest.is_file():
        print(f"error: {digest} is missing", file=out)
        return 1
    cited = cited_ids(root / "tests")
    defined, duplicates = defined_ids(digest)
    errors = 0
    for rule in duplicates:
        print(f"error: {rule} is defined more than once in docs/rules.md", file=out)
        errors += 1
    for rule, where in sorted(cited.items()):
        if rule not in defined:
            print(f"error: {where} cites [{rule}], which docs/rules.md does not define "
                  f"(add it there as <a id=\"{rule}\"></a>, or fix the tag)", file=out)
            errors += 1
    uncited = sorted(defined - set(cited))
    if uncited:
        print(f"warning: {len(uncited)} rule ids in docs/rules.md have no test citing them: {' '.join(uncited)}", file=out)
    print(f"{len(cited)} rule ids cited by tests, {len(defined)} defined in docs/rules.md, {errors} errors", file=out)
    return 1 if errors else 0


def self_test():
    import io
    with tempfile.TemporaryDirectory() as tmp:
        root = pathlib.Path(tmp)
        (root / "docs").mkdir()
        (root / "tests" / "engine").mkdir(parents=True)
        (root / "docs" / "rules.md").write_text('- <a id="R-T1"></a>**R-T1** x\n- <a id="R-T2"></a>**R-T2** y\n')
        test = root / "tests" / "engine" / "t.cpp"
        test.write_text('TEST_CASE("a", "[R-T1]") {}\n')
        out = io.StringIO()
        if check(root, out) != 0 or "warning" not in out.getvalue() or "R-T2" not in out.getvalue():
            print("self-test failed: an uncited id must warn, not fail:\n" + out.getvalue())
            return 1
        test.write_text('TEST_CASE("a", "[R-T1][R-Z9]") {}\n')
        out = io.StringIO()
        if check(root, out) != 1 or "R-Z9" not in out.getvalue():
            print("self-test failed: an undefined citation must fail:\n" + out.getvalue())
            return 1
        (root / "docs" / "rules.md").write_text('<a id="R-T1"></a><a id="R-T1"></a><a id="R-Z9"></a>\n')
        out = io.StringIO()
        if check(root, out) != 1 or "more than once" not in out.getvalue():
            print("self-test failed: a duplicate definition must fail:\n" + out.getvalue())
            return 1
    print("self-test ok")
    return 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    if len(sys.argv) != 2:
        print("usage: check_rules_digest.py REPO_ROOT | --self-test", file=sys.stderr)
        sys.exit(2)
    sys.exit(check(pathlib.Path(sys.argv[1])))
