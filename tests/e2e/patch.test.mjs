// RFC 6902 JSON Patch applier of the web client (web/js/patch.js): the RFC's appendix A examples,
// error cases, and that the input document is never modified.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';

// web/ is plain browser ES modules without a package.json: load the file's text as a module.
const source = fs.readFileSync(new URL('../../web/js/patch.js', import.meta.url), 'utf8');
const { applyPatch, PatchError, parsePointer } = await import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);

const cases = [
  ['A.1 add an object member', { foo: 'bar' }, [{ op: 'add', path: '/baz', value: 'qux' }], { baz: 'qux', foo: 'bar' }],
  ['A.2 add an array element', { foo: ['bar', 'baz'] }, [{ op: 'add', path: '/foo/1', value: 'qux' }], { foo: ['bar', 'qux', 'baz'] }],
  ['A.3 remove an object member', { baz: 'qux', foo: 'bar' }, [{ op: 'remove', path: '/baz' }], { foo: 'bar' }],
  ['A.4 remove an array element', { foo: ['bar', 'qux', 'baz'] }, [{ op: 'remove', path: '/foo/1' }], { foo: ['bar', 'baz'] }],
  ['A.5 replace a value', { baz: 'qux', foo: 'bar' }, [{ op: 'replace', path: '/baz', value: 'boo' }], { baz: 'boo', foo: 'bar' }],
  ['A.6 move a value', { foo: { bar: 'baz', waldo: 'fred' }, qux: { corge: 'grault' } }, [{ op: 'move', from: '/foo/waldo', path: '/qux/thud' }], { foo: { bar: 'baz' }, qux: { corge: 'grault', thud: 'fred' } }],
  ['A.7 move an array element', { foo: ['all', 'grass', 'cows', 'eat'] }, [{ op: 'move', from: '/foo/1', path: '/foo/3' }], { foo: ['all', 'cows', 'eat', 'grass'] }],
  ['A.8 test success', { baz: 'qux', foo: ['a', 2, 'c'] }, [{ op: 'test', path: '/baz', value: 'qux' }, { op: 'test', path: '/foo/1', value: 2 }], { baz: 'qux', foo: ['a', 2, 'c'] }],
  ['A.10 add a nested member object', { foo: 'bar' }, [{ op: 'add', path: '/child', value: { grandchild: {} } }], { foo: 'bar', child: { grandchild: {} } }],
  ['A.14 ~ escape ordering', { '/': 9, '~1': 10 }, [{ op: 'test', path: '/~01', value: 10 }], { '/': 9, '~1': 10 }],
  ['A.16 add an array value', { foo: ['bar'] }, [{ op: 'add', path: '/foo/-', value: ['abc', 'def'] }], { foo: ['bar', ['abc', 'def']] }],
  ['copy', { a: { b: [1] } }, [{ op: 'copy', from: '/a', path: '/c' }], { a: { b: [1] }, c: { b: [1] } }],
  ['replace the whole document', { a: 1 }, [{ op: 'replace', path: '', value: [1, 2] }], [1, 2]],
  ['replace null with an object', { game: null }, [{ op: 'replace', path: '/game', value: { x: 1 } }], { game: { x: 1 } }],
  ['nested array index', { p: [{ r: [1, 2] }] }, [{ op: 'add', path: '/p/0/r/2', value: 3 }, { op: 'remove', path: '/p/0/r/0' }], { p: [{ r: [2, 3] }] }],
  ['escaped key', { 'a/b': 1 }, [{ op: 'replace', path: '/a~1b', value: 2 }], { 'a/b': 2 }],
];

for (const [name, doc, patch, want] of cases) {
  test(name, () => {
    const before = JSON.stringify(doc);
    assert.deepEqual(applyPatch(doc, patch), want);
    assert.equal(JSON.stringify(doc), before, 'input unchanged');
  });
}

const failures = [
  ['A.9 test failure', { baz: 'qux', foo: ['a', 2, 'c'] }, [{ op: 'test', path: '/baz', value: 'bar' }]],
  ['A.12 add to a nonexistent target', { foo: 'bar' }, [{ op: 'add', path: '/baz/bat', value: 'qux' }]],
  ['A.15 comparing strings and numbers', { '/': 9, '~1': 10 }, [{ op: 'test', path: '/~01', value: '10' }]],
  ['remove a missing member', { a: 1 }, [{ op: 'remove', path: '/b' }]],
  ['replace a missing member', { a: 1 }, [{ op: 'replace', path: '/b', value: 1 }]],
  ['array index out of range', { a: [1] }, [{ op: 'add', path: '/a/3', value: 1 }]],
  ['leading zero index', { a: [1, 2] }, [{ op: 'replace', path: '/a/01', value: 1 }]],
  ['move into its own child', { a: { b: 1 } }, [{ op: 'move', from: '/a', path: '/a/b/c' }]],
  ['unknown op', { a: 1 }, [{ op: 'frobnicate', path: '/a' }]],
  ['bad pointer', { a: 1 }, [{ op: 'remove', path: 'a' }]],
];

for (const [name, doc, patch] of failures) {
  test(`${name} throws and changes nothing`, () => {
    const before = JSON.stringify(doc);
    assert.throws(() => applyPatch(doc, patch), PatchError);
    assert.equal(JSON.stringify(doc), before);
  });
}

test('a failing operation in the middle leaves the input untouched', () => {
  const doc = { a: [1, 2], b: { c: 1 } };
  assert.throws(() => applyPatch(doc, [{ op: 'add', path: '/a/-', value: 3 }, { op: 'test', path: '/b/c', value: 2 }]), PatchError);
  assert.deepEqual(doc, { a: [1, 2], b: { c: 1 } });
});

test('pointer parsing', () => {
  assert.deepEqual(parsePointer(''), []);
  assert.deepEqual(parsePointer('/'), ['']);
  assert.deepEqual(parsePointer('/a~1b/~0c/0'), ['a/b', '~c', '0']);
});
