// A tiny element builder: h('button.primary', {onclick, disabled}, 'text', child...).

const SVG_NS = 'http://www.w3.org/2000/svg';

function build(doc, ns, spec, props, children) {
  const [head, ...classes] = spec.split('.');
  let tag = head;
  let id = null;
  const hash = head.indexOf('#');
  if (hash >= 0) {
    tag = head.slice(0, hash);
    id = head.slice(hash + 1);
  }
  const last = classes.length ? classes[classes.length - 1] : '';
  if (!id && last.includes('#')) {
    const [cls, rest] = last.split('#');
    classes[classes.length - 1] = cls;
    id = rest;
  }
  const el = ns ? doc.createElementNS(ns, tag) : doc.createElement(tag);
  if (id) el.id = id;
  if (classes.length) el.setAttribute('class', classes.join(' '));
  if (props) {
    for (const [k, v] of Object.entries(props)) {
      if (v === undefined || v === null || v === false) continue;
      if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
      else if (k === 'class') el.setAttribute('class', [el.getAttribute('class'), v].filter(Boolean).join(' '));
      else if (k === 'style' && typeof v === 'object') Object.assign(el.style, v);
      else if (k === 'dataset') Object.assign(el.dataset, v);
      else if (k === 'value' && !ns) el.value = v;
      else if (k === 'checked' && !ns) el.checked = !!v;
      else el.setAttribute(k, v === true ? '' : String(v));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else if (c instanceof Node) el.appendChild(c);
    else el.appendChild(document.createTextNode(String(c)));
  }
}

export function h(spec, props, ...children) {
  if (props instanceof Node || Array.isArray(props) || typeof props !== 'object' || props === null) {
    return build(document, null, spec, null, [props, ...children]);
  }
  return build(document, null, spec, props, children);
}

export function s(spec, props, ...children) {
  if (props instanceof Node || Array.isArray(props) || typeof props !== 'object' || props === null) {
    return build(document, SVG_NS, spec, null, [props, ...children]);
  }
  return build(document, SVG_NS, spec, props, children);
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

export function replace(el, ...children) {
  clear(el);
  append(el, children);
  return el;
}
