#!/usr/bin/env python3
"""Checks the v1 schemas: each is a valid draft 2020-12 schema, its examples validate, and (given a
samples file) real messages written by the codecs validate too.

    python3 proto/tools/check_schemas.py                  # schemas and their examples
    CATAN_PROTO_SAMPLES=/tmp/samples.jsonl build/tests/proto/proto_tests "[.samples]"
    python3 proto/tools/check_schemas.py /tmp/samples.jsonl

Needs the Python package jsonschema (4.18 or newer).
"""
import json
import pathlib
import sys

from jsonschema import Draft202012Validator
from referencing import Registry, Resource

HERE = pathlib.Path(__file__).resolve().parent.parent / "v1"


def main() -> int:
    schemas = {p.name.removesuffix(".schema.json"): json.loads(p.read_text()) for p in sorted(HERE.glob("*.schema.json"))}
    registry = Registry().with_resources((s["$id"], Resource.from_contents(s)) for s in schemas.values())
    validators = {}
    failures = 0
    for name, schema in schemas.items():
        Draft202012Validator.check_schema(schema)
        v = Draft202012Validator(schema, registry=registry)
        validators[name] = v
        if name != "common" and not schema.get("examples"):
            print(f"{name}: no examples")
            failures += 1
        for i, example in enumerate(schema.get("examples", [])):
            for error in v.iter_errors(example):
                print(f"{name} example {i}: {error.json_path}: {error.message[:200]}")
                failures += 1
    checked = 0
    if len(sys.argv) > 1:
        with open(sys.argv[1]) as f:
            for n, line in enumerate(f, 1):
                sample = json.loads(line)
                errors = list(validators[sample["family"]].iter_errors(sample["message"]))
                checked += 1
                for error in errors[:3]:
                    print(f"sample line {n} ({sample['family']}): {error.json_path}: {error.message[:200]}")
                    failures += 1
                if failures > 50:
                    break
    print(f"{len(schemas)} schemas, {checked} samples, {failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
