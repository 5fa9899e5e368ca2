// RFC 6902 JSON Patch applied to plain JSON values, with RFC 6901 JSON Pointers.
// applyPatch(doc, ops) returns the new document; the input is not modified (touched containers are
// copied, untouched subtrees are shared). Any failing operation throws PatchError and nothing is applied.

export class PatchError extends Error {}

export function parsePointer(pointer) {
  if (pointer === '') return [];
  if (typeof pointer !== 'string' || pointer[0] !== '/') throw new PatchError(`bad pointer ${pointer}`);
  return pointer.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

const clone = (v) => (v === null || typeof v !== 'object' ? v : JSON.parse(JSON.stringify(v)));

function isIndex(token) {
  return /^(0|[1-9][0-9]*)$/.test(token);
}

export function getAt(doc, tokens) {
  let cur = doc;
  for (const t of tokens) {
    if (Array.isArray(cur)) {
      if (!isIndex(t) || Number(t) >= cur.length) throw new PatchError(`no element ${t}`);
      cur = cur[Number(t)];
    } else if (cur !== null && typeof cur === 'object') {
      if (!Object.prototype.hasOwnProperty.call(cur, t)) throw new PatchError(`no member ${t}`);
      cur = cur[t];
    } else {
      throw new PatchError(`cannot descend into a scalar at ${t}`);
    }
  }
  return cur;
}

// Copies the containers along `tokens` (all but the last) and returns [newRoot, parent].
function copyPath(root, tokens) {
  const newRoot = Array.isArray(root) ? root.slice() : { ...root };
  let cur = newRoot;
  for (let i = 0; i < tokens.length - 1; i++) {
    const t = tokens[i];
    let next;
    if (Array.isArray(cur)) {
      if (!isIndex(t) || Number(t) >= cur.length) throw new PatchError(`no element ${t}`);
      next = cur[Number(t)];
    } else {
      if (!Object.prototype.hasOwnProperty.call(cur, t)) throw new PatchError(`no member ${t}`);
      next = cur[t];
    }
    if (next === null || typeof next !== 'object') throw new PatchError(`cannot descend into a scalar at ${t}`);
    const copy = Array.isArray(next) ? next.slice() : { ...next };
    if (Array.isArray(cur)) cur[Number(t)] = copy;
    else cur[t] = copy;
    cur = copy;
  }
  return [newRoot, cur];
}

function add(doc, tokens, value) {
  if (tokens.length === 0) return value;
  if (doc === null || typeof doc !== 'object') throw new PatchError('cannot add into a scalar');
  const [root, parent] = copyPath(doc, tokens);
  const last = tokens[tokens.length - 1];
  if (Array.isArray(parent)) {
    if (last === '-') parent.push(value);
    else {
      if (!isIndex(last) || Number(last) > parent.length) throw new PatchError(`bad index ${last}`);
      parent.splice(Number(last), 0, value);
    }
  } else if (parent !== null && typeof parent === 'object') {
    parent[last] = value;
  } else {
    throw new PatchError('cannot add into a scalar');
  }
  return root;
}

function remove(doc, tokens) {
  if (tokens.length === 0) throw new PatchError('cannot remove the whole document');
  if (doc === null || typeof doc !== 'object') throw new PatchError('cannot remove from a scalar');
  const [root, parent] = copyPath(doc, tokens);
  const last = tokens[tokens.length - 1];
  if (Array.isArray(parent)) {
    if (!isIndex(last) || Number(last) >= parent.length) throw new PatchError(`no element ${last}`);
    parent.splice(Number(last), 1);
  } else {
    if (!Object.prototype.hasOwnProperty.call(parent, last)) throw new PatchError(`no member ${last}`);
    delete parent[last];
  }
  return root;
}

function replace(doc, tokens, value) {
  if (tokens.length === 0) return value;
  getAt(doc, tokens); // must exist
  const [root, parent] = copyPath(doc, tokens);
  const last = tokens[tokens.length - 1];
  if (Array.isArray(parent)) parent[Number(last)] = value;
  else parent[last] = value;
  return root;
}

export function deepEqual(a, b) {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual(a[k], b[k]));
}

export function applyOperation(doc, op) {
  if (!op || typeof op !== 'object') throw new PatchError('operation is not an object');
  const path = parsePointer(op.path);
  switch (op.op) {
    case 'add':
      if (!('value' in op)) throw new PatchError('add without value');
      return add(doc, path, clone(op.value));
    case 'remove':
      return remove(doc, path);
    case 'replace':
      if (!('value' in op)) throw new PatchError('replace without value');
      return replace(doc, path, clone(op.value));
    case 'move': {
      const from = parsePointer(op.from);
      if (from.length < path.length && from.every((t, i) => t === path[i])) throw new PatchError('cannot move into a child of itself');
      const value = getAt(doc, from);
      return add(remove(doc, from), path, value);
    }
    case 'copy':
      return add(doc, path, clone(getAt(doc, parsePointer(op.from))));
    case 'test':
      if (!deepEqual(getAt(doc, path), op.value)) throw new PatchError(`test failed at ${op.path}`);
      return doc;
    default:
      throw new PatchError(`unknown op ${op.op}`);
  }
}

export function applyPatch(doc, ops) {
  if (!Array.isArray(ops)) throw new PatchError('patch is not an array');
  let cur = doc;
  for (const op of ops) cur = applyOperation(cur, op);
  return cur;
}
