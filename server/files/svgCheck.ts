// An uploaded SVG is parsed as XML with namespaces (saxes, linear) and held to an allow-list: a
// pattern over the text missed namespaced script (`<s:script xmlns:s="…svg">`), entity-encoded
// `javascript&#58;` links and animated `href`s. Parsing resolves prefixes and character references
// first, so the checks see what a browser would. docs/security.md "SVG uploads".
//
// Refused: anything that is not well-formed XML, a DOCTYPE (entities), processing instructions
// (xml-stylesheet), a root other than <svg>, elements outside SVG (XHTML, MathML, unknown
// namespaces; the editors' inert metadata namespaces excepted), SVG elements not on the list (script,
// foreignObject, iframe-like ones), every event attribute (on…), links other than #fragment, http(s)
// and mailto (images: also data:image/png|jpeg|gif|webp), any <set>/<animate> that targets a link or
// an event attribute, and style text that could load or run something.
import { SaxesParser, type SaxesTagNS } from 'saxes';

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
/** Namespaces of editors' metadata (Inkscape, Sodipodi, RDF, Creative Commons, Dublin Core, Adobe): no browser renders or runs them. */
const INERT_NS = new Set([
  'http://www.inkscape.org/namespaces/inkscape',
  'http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd',
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  'http://creativecommons.org/ns#',
  'http://web.resource.org/cc/',
  'http://purl.org/dc/elements/1.1/',
  'http://ns.adobe.com/AdobeIllustrator/10.0/',
  'http://ns.adobe.com/AdobeSVGViewerExtensions/3.0/',
  'http://ns.adobe.com/Extensibility/1.0/',
  'http://ns.adobe.com/Graphs/1.0/',
  'http://ns.adobe.com/SaveForWeb/1.0/',
  'http://ns.adobe.com/Variables/1.0/',
  'http://ns.adobe.com/xap/1.0/',
]);

const ELEMENTS = new Set(
  [
    'svg',
    'g',
    'defs',
    'desc',
    'title',
    'metadata',
    'symbol',
    'use',
    'switch',
    'image',
    'a',
    'view',
    'style',
    'path',
    'rect',
    'circle',
    'ellipse',
    'line',
    'polyline',
    'polygon',
    'text',
    'tspan',
    'textPath',
    'marker',
    'pattern',
    'clipPath',
    'mask',
    'linearGradient',
    'radialGradient',
    'stop',
    'filter',
    'animate',
    'animateMotion',
    'animateTransform',
    'mpath',
    'set',
    'feBlend',
    'feColorMatrix',
    'feComponentTransfer',
    'feComposite',
    'feConvolveMatrix',
    'feDiffuseLighting',
    'feDisplacementMap',
    'feDistantLight',
    'feDropShadow',
    'feFlood',
    'feFuncA',
    'feFuncB',
    'feFuncG',
    'feFuncR',
    'feGaussianBlur',
    'feImage',
    'feMerge',
    'feMergeNode',
    'feMorphology',
    'feOffset',
    'fePointLight',
    'feSpecularLighting',
    'feSpotLight',
    'feTile',
    'feTurbulence',
  ].map((n) => n.toLowerCase()),
);

/** Attributes holding a URL (by local name). */
const URL_ATTRS = new Set(['href', 'src']);
const ANIMATIONS = new Set(['set', 'animate', 'animatemotion', 'animatetransform']);

/** A URL as a browser would read it: no whitespace or control characters, lower case. */
const squeezed = (v: string) =>
  Array.from(v)
    .filter((c) => c.charCodeAt(0) > 0x20 && c.trim() !== '')
    .join('')
    .toLowerCase();

/** Style text that could load or run something: imports, expressions, bindings, escapes, url() other than #fragment or a raster data: image. */
function styleDangerous(css: string): boolean {
  const v = squeezed(css);
  if (['@import', 'expression(', 'javascript:', 'behavior:', '-moz-binding', '\\'].some((bad) => v.includes(bad))) return true;
  for (let at = v.indexOf('url('); at >= 0; at = v.indexOf('url(', at + 4)) {
    const target = v.slice(at + 4, at + 40).replace(/^['"]/, '');
    if (!target.startsWith('#') && !/^data:image\/(png|jpe?g|gif|webp)[;,]/.test(target)) return true;
  }
  return false;
}

function safeLink(element: string, value: string): boolean {
  const v = squeezed(value);
  if (v === '' || v.startsWith('#')) return true;
  if (element === 'image' || element === 'feimage') return /^data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=]*$/.test(v);
  if (element === 'a') return /^(https?:|mailto:)/.test(v);
  // use, textPath, mpath, gradients, patterns, filters: in-document references only
  return false;
}

/** True when the SVG text is well-formed and holds nothing script-capable. */
export function svgIsSafe(text: string): boolean {
  const parser = new SaxesParser({ xmlns: true, position: false });
  let ok = true;
  let depth = 0;
  let sawRoot = false;
  let inStyle = 0;
  let style = '';
  const fail = () => {
    ok = false;
  };
  parser.on('error', fail);
  parser.on('doctype', fail);
  parser.on('processinginstruction', fail);
  parser.on('opentag', (tag: SaxesTagNS) => {
    if (!ok) return;
    depth += 1;
    if (depth > 256) return fail();
    const ns = tag.uri;
    const name = tag.local.toLowerCase();
    if (!sawRoot) {
      sawRoot = true;
      if (name !== 'svg' || (ns !== SVG_NS && ns !== '')) return fail();
    }
    if (ns === SVG_NS || ns === '') {
      if (!ELEMENTS.has(name)) return fail();
    } else if (!INERT_NS.has(ns)) return fail();
    for (const attr of Object.values(tag.attributes)) {
      const local = attr.local.toLowerCase();
      if (attr.prefix === 'xmlns' || attr.name === 'xmlns') continue;
      if (local.startsWith('on')) return fail();
      if (attr.uri !== '' && attr.uri !== XLINK_NS && attr.uri !== 'http://www.w3.org/XML/1998/namespace' && !INERT_NS.has(attr.uri)) return fail();
      if (URL_ATTRS.has(local) && !safeLink(name, attr.value)) return fail();
      if (local === 'style' && styleDangerous(attr.value)) return fail();
      if (ANIMATIONS.has(name) && local === 'attributename') {
        const target = squeezed(attr.value).replace(/^[a-z]+:/, '');
        if (URL_ATTRS.has(target) || target.startsWith('on') || target === 'style') return fail();
      }
      if (ANIMATIONS.has(name) && ['values', 'to', 'from', 'by'].includes(local) && squeezed(attr.value).includes('javascript:')) return fail();
    }
    if (name === 'style') inStyle += 1;
  });
  parser.on('closetag', (tag: SaxesTagNS) => {
    depth -= 1;
    if (tag.local.toLowerCase() === 'style' && inStyle > 0) {
      inStyle -= 1;
      if (styleDangerous(style)) fail();
      style = '';
    }
  });
  const styleText = (t: string) => {
    if (inStyle > 0) style += t;
  };
  parser.on('text', styleText);
  parser.on('cdata', styleText);
  try {
    parser.write(text).close();
  } catch {
    return false;
  }
  return ok && sawRoot;
}
