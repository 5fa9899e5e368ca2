#!/usr/bin/env node
// The web client keeps no copy of a rule ("the client computes no rule"): costs, bank and
// deck sizes, trade caps, victory points, player counts, option ranges and defaults and the chat limit come from the
// server (the topology's rules block, doc.room.limits, the legal actions). This reads every module
// under web/js (translations aside), with strings and comments blanked out, and names each place that
// writes such a value itself.
//
//   node --test tests/e2e/no-rules.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB_JS = process.env.CATAN_WEB_JS || path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/js');

function modules(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'lang' ? [] : modules(p);
    return e.name.endsWith('.js') ? [p] : [];
  });
}

// Comments and string contents become spaces (line numbers kept): SVG paths and texts hold numbers
// that are pictures, not rules. Template literals keep their ${...} parts, which are code.
export function codeOnly(src) {
  let out = '';
  let i = 0;
  const blank = (s) => s.replace(/[^\n]/g, ' ');
  while (i < src.length) {
    const c = src[i];
    const next = src[i + 1];
    if (c === '/' && next === '/') {
      const end = src.indexOf('\n', i);
      const stop = end < 0 ? src.length : end;
      out += blank(src.slice(i, stop));
      i = stop;
    } else if (c === '/' && next === '*') {
      const stop = src.indexOf('*/', i + 2) + 2;
      out += blank(src.slice(i, stop));
      i = stop;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < src.length && src[j] !== c) j += src[j] === '\\' ? 2 : 1;
      out += c + blank(src.slice(i + 1, j)) + c;
      i = j + 1;
    } else if (c === '`') {
      let j = i + 1;
      out += '`';
      while (j < src.length && src[j] !== '`') {
        if (src[j] === '\\') { out += '  '; j += 2; continue; }
        if (src[j] === '$' && src[j + 1] === '{') {
          let depth = 1;
          let k = j + 2;
          while (k < src.length && depth) { if (src[k] === '{') depth++; else if (src[k] === '}') depth--; k++; }
          out += src.slice(j, k);
          j = k;
          continue;
        }
        out += src[j] === '\n' ? '\n' : ' ';
        j++;
      }
      out += '`';
      i = j + 1;
    } else if (c === '/' && /[=(,:!&|?;{}[\n]\s*$/.test(out.slice(-20)) ) {
      // A regular expression literal (after an operator): blanked like a string.
      let j = i + 1;
      let cls = false;
      while (j < src.length && (cls || src[j] !== '/')) {
        if (src[j] === '\\') j++;
        else if (src[j] === '[') cls = true;
        else if (src[j] === ']') cls = false;
        j++;
      }
      out += '/' + blank(src.slice(i + 1, j)) + '/';
      i = j + 1;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

// What a copy of a rule looks like in code, and which rule it copies.
const COPIES = [
  [/\bCOSTS\b/, 'a table of piece costs (the rules block has costs)'],
  [/\b(brick|lumber|wool|grain|ore)\s*:\s*\d/, 'a resource count written in (a cost or a hand limit)'],
  [/\b(limit|max)\s*:\s*\d|\?\?\s*(19|24)\b/, 'a card limit written in (the bank holds rules.bank_per_resource of a kind)'],
  [/maxlength\s*:\s*[1-9]\d/, 'a text limit written in (chat: doc.room.limits.chat_chars)'],
  [/(?<![\w.])86400(?![\w.])/, 'the takeover limit: doc.room.limits.takeover_after'],
  [/\[\s*2\s*,\s*3\s*,\s*4\b/, 'a list of player counts: rules.options.players'],
  [/\[\s*0\s*,\s*60\s*,\s*90/, 'the turn timer choices: doc.room.limits.turn_timer'],
  [/Array\.from\(\s*\{\s*length\s*:\s*\d+/, 'a range of option values written in: rules.options'],
  [/\b(players|vp_target|discard_limit|turn_structure)\s*(\?\?|\|\|)\s*[\d`'"]/, 'an option default written in: rules.options.*.default'],
  [/\boptions\??\.players\s*[<>]=?\s*\d/, 'which player counts take the large board: rules.options.turn_structure.used'],
  [/\bseated\.length\s*[<>]=?\s*\d/, 'the fewest players: rules.options.players.min'],
  [/selected\s*:\s*\w+\s*===\s*\d/, 'an option default written in (the start page\'s lists): rules.options.*.default, GET /api/rules'],
  [/\b(?:[A-Z]+_)*(NAME|CHAT|PLAYERS?|VP|POINTS?)(?:_[A-Z]+)*\s*=\s*\d/, 'a text or option limit kept as a constant: doc.room.limits, GET /api/rules'],
  [/[:=]\s*(24|48)(?![\w.%])/, 'the name length (24 characters, 48 UTF-16 units): limits.name_chars (doc.room.limits, GET /api/rules)'],
  [/\+\s*2\s*-\s*total|total\s*===\s*2\b/, 'the size of Invention: the legal play_invention picks'],
  [/===\s*p\.seat\s*\?\s*[1-9]|\.length\s*\*\s*[1-9]/, 'victory points per piece or award: rules.points'],
];

// Left on purpose, each with its reason; anything else found fails. (None now: the start page reads
// GET /api/rules, a room's pages the rules block and doc.room.limits.)
const LEFT = [];
const left = (file, line) => LEFT.some(([f, re]) => f === file && re.test(line));

test('web/js writes no rule of its own', () => {
  const found = [];
  const files = modules(WEB_JS);
  assert.ok(files.length > 20, `modules under ${WEB_JS}`);
  for (const file of files) {
    const lines = codeOnly(fs.readFileSync(file, 'utf8')).split('\n');
    lines.forEach((line, n) => {
      const rel = path.relative(WEB_JS, file);
      if (left(rel, line)) return;
      for (const [re, what] of COPIES) if (re.test(line)) found.push(`${rel}:${n + 1}: ${what}\n    ${line.trim()}`);
    });
  }
  assert.deepEqual(found, [], `copies of rules in web/js:\n${found.join('\n')}`);
});

test('the blanking keeps code and drops strings, comments and patterns', () => {
  assert.equal(codeOnly("a('M3 19 L7') // 19\nlimit: 19"), "a('        ')      \nlimit: 19");
  assert.equal(codeOnly('x = `${n + 24}px`;'), 'x = `${n + 24}  `;');
  assert.equal(codeOnly('const re = /^[2-9]{19}$/;'), 'const re = /           /;');
});
