#!/usr/bin/env node
// Checks the protocol's JSON Schemas (proto/v1/*.schema.json, draft 2020-12) with Ajv, and real messages
// against them.
//
//   node tests/schema/validate_schemas.mjs                    # every schema compiles; its examples validate
//   node tests/schema/validate_schemas.mjs FILE.jsonl ...     # the same, then every line of every file
//   node tests/schema/validate_schemas.mjs --at-least "server update=100" FILE.jsonl
//                                                             # and each file holds at least 100 of that kind
//
// Needs the npm packages of package.json: run `npm ci --no-audit --no-fund` at the repository top first.
//
// Without files it checks that every schema compiles (all of them registered, so cross-file $refs resolve),
// has the $schema and $id the others use, and has examples that validate (also the examples of each $defs
// entry); that client.schema.json and server.schema.json have an example of every message type; and that
// every REST body in rest.schema.json has one.
//
// A JSONL file has one JSON object per line (blank lines are skipped; a file without any message fails):
//   {"schema": "server", "message": {...}}                      a message that must validate
//   {"schema": "client", "message": {...}, "valid": false}      a message that must NOT validate
//   {"schema": "rest#/$defs/room_summary", "message": {...}}    one definition of a schema
//   {"schema": "server", "message": {...}, "note": "seat 2"}    note: free text shown in failures
// "schema" names a file of proto/v1 without ".schema.json", optionally followed by "#" and a JSON pointer into
// it; "family" is accepted instead of "schema" (the samples format of proto/tools/check_schemas.py).
// Kinds, as the per-file summary counts them: "schema type" for a message with a string "type", else "schema".
// Exit status: 0 all good, 1 a schema, example or message failed (or a file held fewer of a kind than
// --at-least asks), 2 bad usage or setup (missing node_modules, missing or empty file).
import { readFileSync, readdirSync, existsSync, statSync, createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const top = resolve(here, "..", "..");
const schemaDir = join(top, "proto", "v1");
const DRAFT = "https://json-schema.org/draft/2020-12/schema";
const BASE = "https://catan-server.invalid/proto/v1/";
// Schemas of WebSocket envelopes: every message type needs an example.
const ENVELOPES = ["client", "server"];
const MAX_REPORTED = 100;

let Ajv2020, addFormats;
try {
    Ajv2020 = (await import("ajv/dist/2020.js")).default;
    addFormats = (await import("ajv-formats")).default;
} catch (e) {
    console.error(`validate_schemas: cannot load Ajv (${e.code ?? e.message}).`);
    console.error(`The npm packages are not installed: run \`npm ci --no-audit --no-fund\` in ${top}`);
    console.error("(needs node >= 18 and npm; on Debian: apt-get install nodejs npm).");
    process.exit(2);
}

let failures = 0;
let reported = 0;
function fail(text) {
    failures += 1;
    reported += 1;
    if (reported <= MAX_REPORTED) console.log(`FAIL ${text}`);
    else if (reported === MAX_REPORTED + 1) console.log("FAIL ... (further failures are counted, not shown)");
}

function describe(error) {
    const where = error.instancePath || "(top)";
    let text = `${where}: ${error.message}`;
    if (error.keyword === "not" && error.schemaPath.endsWith("/plain_text/not"))
        text = `${where}: holds a forbidden character (control, line separator or bidirectional control)`;
    const p = error.params ?? {};
    if (p.additionalProperty !== undefined) text += ` ('${p.additionalProperty}')`;
    if (p.allowedValue !== undefined) text += ` (${JSON.stringify(p.allowedValue)})`;
    if (p.allowedValues !== undefined) text += ` (${p.allowedValues.map((v) => JSON.stringify(v)).join(", ")})`;
    return `${text} [${error.schemaPath}]`;
}

function clip(value, n = 160) {
    const s = JSON.stringify(value);
    return s === undefined ? String(value) : s.length > n ? `${s.slice(0, n)}...` : s;
}

// ---- load and register every schema
const files = readdirSync(schemaDir).filter((f) => f.endsWith(".schema.json")).sort();
const schemas = new Map(); // name -> schema
for (const file of files) {
    const name = file.slice(0, -".schema.json".length);
    try {
        schemas.set(name, JSON.parse(readFileSync(join(schemaDir, file), "utf8")));
    } catch (e) {
        fail(`${file}: not JSON: ${e.message}`);
    }
}
for (const [name, schema] of schemas) {
    if (schema.$schema !== DRAFT) fail(`${name}: $schema is ${clip(schema.$schema)}, expected ${DRAFT}`);
    if (schema.$id !== `${BASE}${name}.schema.json`) fail(`${name}: $id is ${clip(schema.$id)}, expected ${BASE}${name}.schema.json`);
}

const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, strictTuples: false, strictRequired: false });
addFormats(ajv);
for (const [name, schema] of schemas) {
    try {
        ajv.addSchema(schema);
    } catch (e) {
        fail(`${name}: cannot register: ${e.message}`);
    }
}
const validators = new Map(); // "name" or "name#pointer" -> validate function (or null when it failed)
function validator(ref) {
    if (validators.has(ref)) return validators.get(ref);
    const [name, pointer] = ref.split("#", 2);
    let v = null;
    if (schemas.has(name)) {
        try {
            v = pointer === undefined ? ajv.getSchema(schemas.get(name).$id) : ajv.compile({ $ref: `${schemas.get(name).$id}#${pointer}` });
        } catch (e) {
            fail(`${ref}: does not compile: ${e.message}`);
        }
    }
    validators.set(ref, v);
    return v;
}

// For an envelope schema (a oneOf of local $defs, each with a "type" const), the definition of each type, so a
// failing message is reported against its own type rather than against every branch of the oneOf.
const typeDefs = new Map(); // name -> Map(type -> "#/$defs/x")
for (const [name, schema] of schemas) {
    const map = new Map();
    for (const branch of schema.oneOf ?? []) {
        const m = /^#\/\$defs\/([A-Za-z0-9_]+)$/.exec(branch.$ref ?? "");
        const type = m && schema.$defs?.[m[1]]?.properties?.type?.const;
        if (typeof type === "string") map.set(type, `#/$defs/${m[1]}`);
    }
    if (map.size) typeDefs.set(name, map);
}

// Ajv reports every branch of a oneOf. Branches whose "type" const does not match (commands, events, messages)
// are noise: drop their errors, and the oneOf/anyOf/if summaries when anything else is left.
function focus(errors) {
    const SUFFIX = "properties/type/const";
    const wrong = errors
        .filter((e) => e.keyword === "const" && /\/(oneOf|anyOf)\/\d+\/properties\/type\/const$/.test(e.schemaPath))
        .map((e) => ({ prefix: e.schemaPath.slice(0, -SUFFIX.length), at: e.instancePath.slice(0, -"/type".length) }));
    const inWrong = (e) => wrong.some((b) => e.schemaPath.startsWith(b.prefix) && (e.instancePath === b.at || e.instancePath.startsWith(`${b.at}/`)));
    const kept = errors.filter((e) => !inWrong(e));
    const specific = kept.filter((e) => !["oneOf", "anyOf", "if"].includes(e.keyword));
    return (specific.length ? specific : kept.length ? kept : errors).map(describe);
}

// Validates one message against a schema reference; returns a list of problems (empty: valid).
function check(ref, message) {
    const v = validator(ref);
    if (!v) return [`unknown or broken schema '${ref}'`];
    if (v(message)) return [];
    const [name, pointer] = ref.split("#", 2);
    const types = pointer === undefined ? typeDefs.get(name) : undefined;
    if (types && message && typeof message === "object" && !Array.isArray(message)) {
        if (!types.has(message.type))
            return [`type ${clip(message.type)} is not one of ${[...types.keys()].join(" ")}` +
                    (message.v === 1 ? "" : `; also v must be 1, is ${clip(message.v)}`)];
        const own = validator(`${name}${types.get(message.type)}`);
        if (own && !own(message)) return focus(own.errors);
    }
    return focus(v.errors);
}

// ---- examples
let examples = 0;
for (const [name, schema] of schemas) {
    if (!validator(name)) continue;
    const list = schema.examples ?? [];
    if (name !== "common" && list.length === 0) fail(`${name}: no examples`);
    list.forEach((example, i) => {
        examples += 1;
        for (const problem of check(name, example).slice(0, 5)) fail(`${name} example ${i} ${clip(example, 80)}: ${problem}`);
    });
    for (const [def, sub] of Object.entries(schema.$defs ?? {})) {
        (sub.examples ?? []).forEach((example, i) => {
            examples += 1;
            for (const problem of check(`${name}#/$defs/${def}`, example).slice(0, 5))
                fail(`${name} $defs/${def} example ${i} ${clip(example, 80)}: ${problem}`);
        });
    }
}
for (const name of ENVELOPES) {
    if (!schemas.has(name)) {
        fail(`${name}.schema.json is missing`);
        continue;
    }
    const seen = new Set((schemas.get(name).examples ?? []).map((e) => e?.type));
    const missing = [...(typeDefs.get(name)?.keys() ?? [])].filter((t) => !seen.has(t));
    if (!typeDefs.get(name)?.size) fail(`${name}: not a oneOf of message types`);
    if (missing.length) fail(`${name}: no example of ${missing.join(", ")}`);
}
if (schemas.has("rest")) {
    const rest = schemas.get("rest");
    for (const branch of rest.anyOf ?? []) {
        const def = /^#\/\$defs\/(.+)$/.exec(branch.$ref ?? "")?.[1];
        if (!def || !(rest.$defs?.[def]?.examples ?? []).length) fail(`rest: no example of ${branch.$ref}`);
    }
} else {
    fail("rest.schema.json is missing");
}
console.log(`${schemas.size} schemas in ${relative(process.cwd(), schemaDir) || "."}, ${examples} examples checked`);

// ---- JSONL files of messages
const USAGE = "usage: node tests/schema/validate_schemas.mjs [--at-least KIND=N ...] [FILE.jsonl ...]";
const args = [];
const atLeast = new Map(); // kind ("server update", "state", "rest#/$defs/replay") -> the fewest each file must hold
for (let i = 2; i < process.argv.length; ++i) {
    const a = process.argv[i];
    if (a === "--at-least" && i + 1 < process.argv.length) {
        const m = /^(.+)=(\d+)$/.exec(process.argv[++i]);
        if (!m) {
            console.error(`${USAGE}\n--at-least takes KIND=N, got ${clip(process.argv[i])}`);
            process.exit(2);
        }
        atLeast.set(m[1], Number(m[2]));
    } else if (a.startsWith("-")) {
        console.error(USAGE);
        process.exit(2);
    } else {
        args.push(a);
    }
}
let setupError = false;
for (const path of args) {
    if (!existsSync(path) || !statSync(path).isFile()) {
        console.log(`FAIL ${path}: no such file (the test that writes it has not run, or failed before writing it)`);
        setupError = true;
        continue;
    }
    const counts = new Map(); // "schema type" -> count
    let lineNo = 0;
    let messages = 0;
    const before = failures;
    const lines = createInterface({ input: createReadStream(path, "utf8"), crlfDelay: Infinity });
    for await (const line of lines) {
        lineNo += 1;
        if (line.trim() === "") continue;
        const at = `${path}:${lineNo}`;
        let entry;
        try {
            entry = JSON.parse(line);
        } catch (e) {
            fail(`${at}: not JSON: ${e.message}`);
            continue;
        }
        if (!entry || typeof entry !== "object" || Array.isArray(entry)) {
            fail(`${at}: not an object`);
            continue;
        }
        const ref = entry.schema ?? entry.family;
        const extra = Object.keys(entry).filter((k) => !["schema", "family", "message", "valid", "note"].includes(k));
        if (typeof ref !== "string" || !("message" in entry) || extra.length ||
            ("valid" in entry && typeof entry.valid !== "boolean")) {
            fail(`${at}: expected {"schema": string, "message": ..., optional "valid": boolean, optional "note"}` +
                 (extra.length ? `; unknown key(s) ${extra.join(", ")}` : ""));
            continue;
        }
        messages += 1;
        const message = entry.message;
        const type = message && typeof message === "object" && typeof message.type === "string" ? message.type : "";
        const key = type ? `${ref} ${type}` : ref;
        counts.set(key, (counts.get(key) ?? 0) + 1);
        const note = entry.note === undefined ? "" : ` (${typeof entry.note === "string" ? entry.note : clip(entry.note, 60)})`;
        const problems = check(ref, message);
        if (entry.valid === false) {
            if (problems.length === 0) fail(`${at}: ${key}${note}: expected to be refused by the schema, but it is valid: ${clip(message)}`);
        } else {
            for (const problem of problems.slice(0, 5)) fail(`${at}: ${key}${note}: ${problem}; message: ${clip(message)}`);
        }
    }
    if (messages === 0) {
        console.log(`FAIL ${path}: no messages (the test that writes it wrote nothing)`);
        setupError = true;
        continue;
    }
    // A file that validates but holds too few of a kind (a game that ended early, a writer that lost
    // messages) fails: the kinds are those of the summary below ("schema type", or "schema" for bodies
    // without a type).
    for (const [kind, n] of atLeast) {
        const have = counts.get(kind) ?? 0;
        if (have < n) fail(`${path}: ${have} ${kind} message(s), expected at least ${n}`);
    }
    const summary = [...counts.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, n]) => `${k} ${n}`).join(", ");
    console.log(`${path}: ${messages} messages, ${failures - before} failures (${summary})`);
}

if (failures) console.log(`${failures} failure(s)`);
else if (!setupError) console.log("all schemas, examples and messages valid");
process.exit(setupError ? 2 : failures ? 1 : 0);
