#!/usr/bin/env python3
"""Checks that every layer includes only what it may (docs/architecture.md, "Layers").

    python3 tests/layers/check_layers.py [SOURCE_TOP]   # exit 0: all good, 1: a violation (each listed)
    python3 tests/layers/check_layers.py --self-test    # the checker finds the violations it is made for

A layer is src/<layer>/ plus include/catan/<layer>/. Its files may include
  - `catan/<other>/...` only for the layers in ALLOWED[layer] (the public headers of the layers below it);
  - a quoted header without `catan/` only when it sits in the same directory as the including file (a
    layer's internal headers stay internal: src/room may not include src/proto/wire.hpp as "wire.hpp",
    which works only because a CMake include path reaches into another layer's sources);
  - no library header listed in FORBIDDEN_LIBRARIES[layer] (the engine is standard C++ only; rooms never
    include Beast; only the app layer parses the command line).
A layer's CMakeLists.txt may not add another layer's src/ directory as an include path.
src/main.cpp may include catan/app only. Nothing in this file knows a game: it reads the tree.
"""
import os
import re
import sys
import tempfile

# Which layers' public headers each layer may include (its own always). The app layer sits on top and
# wires the others; nothing includes it. Notifications (notify) sit on the store; rooms and the gateway
# reach them only through their abstract interfaces (notifier.hpp, registry.hpp). The gateway knows no rule (no engine, bots or simulator); the
# store knows neither rules nor JSON.
# The game-module seam (game: the interface, standard library and JSON only) sits beside the engine;
# game modules (games: Catan) implement it on top of engine, proto and bots. proto reaches only the
# seam's view-part types (game/view_parts.hpp), which it writes in place.
ALLOWED = {
    "engine": set(),
    "game": set(),
    "proto": {"engine", "game"},
    "bots": {"engine"},
    "sim": {"engine", "bots"},
    "games": {"engine", "proto", "bots", "game"},
    "store": set(),
    "room": {"game", "proto", "store", "notify"},
    "net": {"room", "game", "proto", "store", "notify"},
    "notify": {"store"},
    "app": {"engine", "proto", "bots", "sim", "store", "room", "net", "game", "games", "notify"},
}
# Rooms play through the seam: rooms, the gateway and the store know no game
# (docs/architecture.md, "The game-module seam"). These layers may include the seam but none of the
# headers below (engine, bots, game modules, and proto's game codecs; proto's reader, guard, version
# and error frames stay theirs).
GAME_FREE_ROOMS = True
GAME_FREE_LAYERS = ("room", "net", "store", "notify")
GAME_HEADERS = ("catan/engine/", "catan/bots/", "catan/games/", "catan/sim/",
                "catan/proto/proto.hpp", "catan/proto/command_json.hpp", "catan/proto/state_json.hpp",
                "catan/proto/view_json.hpp", "catan/proto/view_parts.hpp", "catan/proto/event_json.hpp",
                "catan/proto/actions_json.hpp", "catan/proto/topology_json.hpp", "catan/proto/rules_json.hpp",
                "catan/proto/game_stats.hpp")
FORBIDDEN_LIBRARIES = {
    "engine": ("boost/", "nlohmann/", "spdlog/", "sqlite3", "CLI/", "openssl/"),
    "game": ("boost/", "spdlog/", "sqlite3", "CLI/", "openssl/"),
    "games": ("boost/", "sqlite3", "CLI/"),
    "proto": ("boost/", "spdlog/", "sqlite3", "CLI/"),
    "bots": ("boost/", "nlohmann/", "sqlite3", "CLI/"),
    "sim": ("boost/", "nlohmann/", "sqlite3", "CLI/"),
    "store": ("boost/", "nlohmann/", "CLI/"),
    "room": ("boost/", "sqlite3", "CLI/"),
    "net": ("sqlite3", "CLI/"),
    "notify": ("sqlite3", "CLI/"),
    "app": (),
}
SOURCE_SUFFIXES = (".cpp", ".hpp", ".h", ".cc", ".ipp")
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^">]+)[">]', re.MULTILINE)
SRC_INCLUDE_DIR = re.compile(r"target_include_directories\([^)]*\$\{CMAKE_SOURCE_DIR\}/src/(\w+)", re.DOTALL)


def layer_files(top, layer):
    for root in (os.path.join(top, "src", layer), os.path.join(top, "include", "catan", layer)):
        for dirpath, _, names in os.walk(root):
            for name in sorted(names):
                if name.endswith(SOURCE_SUFFIXES):
                    yield os.path.join(dirpath, name)


def check_file(top, layer, path, allowed, forbidden, game_headers=()):
    problems = []
    rel = os.path.relpath(path, top)
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    for m in INCLUDE.finditer(text):
        kind, header = m.group(1), m.group(2)
        line = text.count("\n", 0, m.start()) + 1
        where = f"{rel}:{line}: #include {kind}{header}{'>' if kind == '<' else kind}"
        if header.startswith(game_headers):
            problems.append(f"{where}: the {layer} layer knows no game: it plays through catan/game/module.hpp")
        elif header.startswith("catan/"):
            other = header.split("/")[1]
            if other != layer and other not in allowed:
                problems.append(f"{where}: the {layer} layer may not include the {other} layer"
                                f" (allowed: {', '.join(sorted(allowed)) or 'none'})")
        elif kind == '"':
            if not os.path.isfile(os.path.join(os.path.dirname(path), header)):
                problems.append(f"{where}: not a header of this directory; another layer's internal header? "
                                f"(make it public under include/catan/<layer>/ or stop using it)")
        elif header.startswith(forbidden):
            problems.append(f"{where}: the {layer} layer may not use this library")
    return problems


def check_tree(top, game_free_rooms=GAME_FREE_ROOMS):
    problems = []
    for layer, allowed in ALLOWED.items():
        game_headers = GAME_HEADERS if game_free_rooms and layer in GAME_FREE_LAYERS else ()
        for path in layer_files(top, layer):
            problems += check_file(top, layer, path, allowed, FORBIDDEN_LIBRARIES[layer], game_headers)
        cmake = os.path.join(top, "src", layer, "CMakeLists.txt")
        if os.path.isfile(cmake):
            with open(cmake, encoding="utf-8") as f:
                for other in SRC_INCLUDE_DIR.findall(f.read()):
                    if other != layer:
                        problems.append(f"{os.path.relpath(cmake, top)}: adds src/{other} to the include path "
                                        f"of the {layer} layer (another layer's internals)")
    main = os.path.join(top, "src", "main.cpp")
    if os.path.isfile(main):
        problems += check_file(top, "entry point (src/main.cpp)", main, {"app"}, ("boost/", "nlohmann/", "spdlog/", "sqlite3", "CLI/"))
    if not any(True for layer in ALLOWED for _ in layer_files(top, layer)):
        problems.append(f"{top}: no sources found under src/<layer>/ (wrong directory?)")
    return problems


def self_test():
    """Builds a small tree with one violation of each kind and checks every one is reported."""
    cases = {
        "src/room/envelope.cpp": '#include "guard.hpp"\n',                      # proto-internal header
        "src/net/server.cpp": '#include "catan/app/cli.hpp"\n',                 # an app header below app
        "src/store/store.cpp": '#include "catan/proto/reader.hpp"\n',           # a layer not allowed
        "src/engine/rules.cpp": "#include <nlohmann/json.hpp>\n",              # a library not allowed
        "src/room/CMakeLists.txt": "target_include_directories(catan_room PRIVATE ${CMAKE_SOURCE_DIR}/src/proto)\n",
        "src/main.cpp": '#include "catan/net/server.hpp"\n',
        "include/catan/game/module.hpp": '#include "catan/engine/state.hpp"\n',  # the seam knows no game
        "src/game/registry.cpp": "#include <spdlog/spdlog.h>\n",
        "src/games/catan/catan_module.cpp": '#include "catan/room/hub.hpp"\n',  # a module knows no room
    }
    # Only with GAME_FREE_ROOMS (checked below with the rule on): rooms include a game header.
    game_cases = {
        "src/room/room_game.cpp": '#include "catan/engine/engine.hpp"\n#include "catan/proto/reader.hpp"\n',
        "src/net/hub.cpp": '#include "catan/proto/view_parts.hpp"\n',
    }
    fine = {
        "src/proto/guard.hpp": "#pragma once\n",
        "src/room/room.cpp": '#include "room.hpp"\n#include "catan/proto/guard.hpp"\n#include <spdlog/spdlog.h>\n',
        "src/room/room.hpp": "#pragma once\n",
        "src/app/cli.cpp": '#include "catan/net/server.hpp"\n#include <CLI/CLI.hpp>\n',
        "src/games/catan/catan_session.cpp": '#include "catan/engine/engine.hpp"\n#include "catan/game/module.hpp"\n#include "catan_session.hpp"\n',
        "src/games/catan/catan_session.hpp": "#pragma once\n",
        "src/proto/view_parts.cpp": '#include "catan/game/view_parts.hpp"\n',
    }
    failed = False
    for violations, rule_on in ((cases, GAME_FREE_ROOMS), (game_cases, True)):
        with tempfile.TemporaryDirectory() as top:
            for rel, text in {**violations, **fine}.items():
                os.makedirs(os.path.dirname(os.path.join(top, rel)), exist_ok=True)
                with open(os.path.join(top, rel), "w") as f:
                    f.write(text)
            problems = check_tree(top, rule_on)
        missed = [rel for rel in violations if not any(p.startswith(rel + ":") for p in problems)]
        wrong = [p for p in problems if not any(p.startswith(rel + ":") for rel in violations)]
        for rel in missed:
            print(f"self-test: the violation in {rel} was not reported")
        for p in wrong:
            print(f"self-test: reported a file that is fine: {p}")
        failed = failed or bool(missed or wrong)
    if failed:
        return 1
    cases = {**cases, **game_cases}
    print(f"self-test: all {len(cases)} violations reported, nothing else")
    return 0


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    top = argv[1] if len(argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    problems = check_tree(os.path.abspath(top))
    for p in problems:
        print(p)
    if problems:
        print(f"{len(problems)} include(s) break the layering (docs/architecture.md, \"Layers\")")
        return 1
    print("every layer includes only what it may")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
