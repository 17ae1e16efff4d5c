/**
 * fast-check arbitraries for SVG documents that use what the small inline SVG of
 * fuzz-arbitraries.ts does not: filter primitives (the ones octavo draws as vectors and the ones
 * Skia rasterises: turbulence, morphology, convolution, displacement, lighting), patterns,
 * markers, gradients with stops, symbols, text on paths, nested images, each referenced by id
 * from the shapes, with extreme and broken attribute values. Drawn inline and as an `<img>`.
 */
import fc from 'fast-check';

/** Values that break things, for any attribute. */
const EXTREMES = ['-1', '1e9', '-1e9', '1e-9', 'NaN', 'Infinity', '', '2 3', 'url(#missing)', '#svg', 'a'];
const LENGTH = ['0', '1', '5', '10', '40', '50%', '100%', '-5', '0.5'];
const UNITS = ['objectBoundingBox', 'userSpaceOnUse'];
const INPUT = ['SourceGraphic', 'SourceAlpha', 'a', 'b', 'BackgroundImage', 'FillPaint'];
const COLOR = ['red', 'blue', 'currentColor', 'rgba(0,0,0,.5)', 'none', '#0f0'];
const REF = ['url(#f)', 'url(#p)', 'url(#g)', 'url(#m)', 'url(#c)', 'url(#k)', 'none'];
const HREF = ['#s', '#path', '#svg', '#f', '#p', 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=='];
/** Plausible values by attribute name; one not listed takes LENGTH. */
const PLAUSIBLE: Readonly<Record<string, readonly string[]>> = {
  stdDeviation: ['0', '1', '3', '2 0', '50', '1000'], dx: ['0', '2', '-3', '1000'], dy: ['0', '2', '-3'], radius: ['0', '1', '2 4', '50', '5000'],
  operator: ['erode', 'dilate', 'over', 'in', 'out', 'atop', 'xor', 'arithmetic'], k1: ['0', '1', '-1'], k2: ['0', '1'], k3: ['0', '1'], k4: ['0', '0.5'],
  baseFrequency: ['0.05', '0.5', '0', '1 0.1', '100'], numOctaves: ['1', '4', '10', '1000'], seed: ['0', '7', '-1'], stitchTiles: ['stitch', 'noStitch'],
  type: ['matrix', 'saturate', 'hueRotate', 'luminanceToAlpha', 'fractalNoise', 'turbulence', 'table', 'discrete', 'linear', 'gamma', 'identity'],
  values: ['0.5', '90', '1 0 0 0 0 0 1 0 0 0 0 0 1 0 0 0 0 0 1 0', '1 2 3'], tableValues: ['0 1', '1 0', '0 0.5 1', ''],
  order: ['3', '2 3', '1', '0', '100'], kernelMatrix: ['1 1 1 1 1 1 1 1 1', '0 -1 0 -1 5 -1 0 -1 0', '1 2 3 4', ''], divisor: ['1', '0', '9'],
  edgeMode: ['duplicate', 'wrap', 'none'], preserveAlpha: ['true', 'false'], targetX: ['0', '1', '5'], targetY: ['0', '1', '5'],
  scale: ['0', '10', '-20', '1000'], xChannelSelector: ['R', 'G', 'B', 'A'], yChannelSelector: ['R', 'G', 'B', 'A'],
  mode: ['normal', 'multiply', 'screen', 'darken', 'lighten', 'color-dodge', 'hue', 'luminosity'],
  surfaceScale: ['1', '5', '-5'], diffuseConstant: ['1', '0', '2'], specularConstant: ['1', '0.5'], specularExponent: ['1', '20', '128'],
  kernelUnitLength: ['1', '0', '2 2'], azimuth: ['0', '45', '235'], elevation: ['0', '45', '90'], z: ['0', '10', '100'], limitingConeAngle: ['0', '30', '180'],
  pointsAtX: LENGTH, pointsAtY: LENGTH, pointsAtZ: ['0', '1'],
  in: INPUT, in2: INPUT, result: ['a', 'b'], 'flood-color': COLOR, 'flood-opacity': ['0', '0.5', '1'], 'lighting-color': COLOR,
  slope: ['1', '0', '2'], intercept: ['0', '0.5'], amplitude: ['1', '2'], exponent: ['1', '0.5', '3'], offset: ['0', '0.5', '1', '50%'],
  filterUnits: UNITS, primitiveUnits: UNITS, patternUnits: UNITS, patternContentUnits: UNITS, clipPathUnits: UNITS, maskUnits: UNITS, maskContentUnits: UNITS,
  gradientUnits: UNITS, markerUnits: ['strokeWidth', 'userSpaceOnUse'], 'color-interpolation-filters': ['sRGB', 'linearRGB', 'auto'],
  viewBox: ['0 0 40 30', '0 0 10 10', '-10 -10 20 20', '0 0 1e9 1e9', '0 0 0 0', '0 0 1e-9 1e-9'],
  preserveAspectRatio: ['none', 'xMidYMid slice', 'xMinYMax meet'], patternTransform: ['rotate(45)', 'scale(0.1)', 'scale(1e-9)', 'skewX(89.99)'],
  gradientTransform: ['rotate(30)', 'scale(2)'], spreadMethod: ['pad', 'reflect', 'repeat'], transform: ['rotate(45)', 'scale(1e6)', 'scale(0)', 'translate(5 5)', 'skewX(90)'],
  orient: ['auto', 'auto-start-reverse', '45'], refX: ['0', '5', '-1e9'], markerWidth: ['3', '10', '1e6'], markerHeight: ['3', '10'], overflow: ['visible', 'hidden'],
  d: ['M0 0 L30 10 Q40 40 5 30 Z', 'M5 5 h20 v20 h-20 z', 'M0 0 A1e9 1 0 1 1 1 1', 'M0 0 C1e9 1e9 -1e9 -1e9 10 10', 'M'],
  points: ['0,0 20,5 10,25', '1 2 3', '0,0 1e9,1e9'], fill: [...COLOR, ...REF], stroke: [...COLOR, ...REF], 'stroke-width': ['1', '4', '0', '1e6'],
  filter: ['url(#f)', 'url(#f) blur(2px)', 'url(#missing)'], 'clip-path': ['url(#c)', 'circle(40%)'], mask: ['url(#k)'],
  'marker-start': ['url(#m)'], 'marker-mid': ['url(#m)'], 'marker-end': ['url(#m)'], href: HREF, opacity: ['0.5', '0', '1'],
  'stroke-dasharray': ['4 2', '0', '1e-9', '5 1e9'], 'paint-order': ['stroke', 'markers fill'], 'vector-effect': ['non-scaling-stroke'],
  rotate: ['0 10 20', '45'], textLength: ['10', '100', '0'], lengthAdjust: ['spacing', 'spacingAndGlyphs'], 'writing-mode': ['tb', 'vertical-rl', 'lr'], 'text-orientation': ['upright', 'sideways'],
  startOffset: ['0', '50%', '-10', '1e9'], method: ['align', 'stretch'], spacing: ['auto', 'exact'], side: ['left', 'right'], 'baseline-shift': ['super', '-3'],
  'stop-color': COLOR, 'stop-opacity': ['0', '0.5', '1'], fx: ['50%', '0'], fr: ['0', '10%'], r: ['5', '50%', '0', '1e9'], 'mask-type': ['luminance', 'alpha'],
};

const valueOf = (attribute: string): fc.Arbitrary<string> =>
  fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...(PLAUSIBLE[attribute] ?? LENGTH)) }, { weight: 1, arbitrary: fc.constantFrom(...EXTREMES) });

/** An element with a few of `attributes` (each at most once) set to random values and `children` inside. */
function tag(name: string, attributes: readonly string[], children: fc.Arbitrary<string> = fc.constant('')): fc.Arbitrary<string> {
  const set = fc.uniqueArray(fc.constantFrom(...attributes), { maxLength: 5 }).chain((names) => fc.tuple(...names.map((a) => valueOf(a).map((v) => ` ${a}="${v}"`))));
  return fc.tuple(set, children).map(([attrs, inner]) => `<${name}${attrs.join('')}>${inner}</${name}>`);
}

const REGION = ['x', 'y', 'width', 'height', 'result', 'in', 'in2'];
const LIGHT = fc.oneof(
  tag('fePointLight', ['x', 'y', 'z']),
  tag('feSpotLight', ['x', 'y', 'z', 'pointsAtX', 'pointsAtY', 'pointsAtZ', 'specularExponent', 'limitingConeAngle']),
  tag('feDistantLight', ['azimuth', 'elevation']),
);
const FUNCTIONS = fc.array(fc.oneof(...['feFuncR', 'feFuncG', 'feFuncB', 'feFuncA'].map((f) => tag(f, ['type', 'tableValues', 'slope', 'intercept', 'amplitude', 'exponent', 'offset']))), { maxLength: 4 }).map((fs) => fs.join(''));
const PRIMITIVE = fc.oneof(
  tag('feGaussianBlur', [...REGION, 'stdDeviation', 'edgeMode']),
  tag('feOffset', [...REGION, 'dx', 'dy']),
  tag('feFlood', [...REGION, 'flood-color', 'flood-opacity']),
  tag('feColorMatrix', [...REGION, 'type', 'values']),
  tag('feComponentTransfer', REGION, FUNCTIONS),
  tag('feComposite', [...REGION, 'operator', 'k1', 'k2', 'k3', 'k4']),
  tag('feMorphology', [...REGION, 'operator', 'radius']),
  tag('feTurbulence', [...REGION, 'baseFrequency', 'numOctaves', 'seed', 'stitchTiles', 'type']),
  tag('feConvolveMatrix', [...REGION, 'order', 'kernelMatrix', 'divisor', 'bias', 'targetX', 'targetY', 'edgeMode', 'preserveAlpha']),
  tag('feDisplacementMap', [...REGION, 'scale', 'xChannelSelector', 'yChannelSelector']),
  tag('feBlend', [...REGION, 'mode']),
  tag('feMerge', REGION, fc.array(tag('feMergeNode', ['in']), { maxLength: 3 }).map((n) => n.join(''))),
  tag('feTile', REGION),
  tag('feImage', [...REGION, 'href', 'preserveAspectRatio']),
  tag('feDropShadow', [...REGION, 'dx', 'dy', 'stdDeviation', 'flood-color']),
  tag('feDiffuseLighting', [...REGION, 'surfaceScale', 'diffuseConstant', 'kernelUnitLength', 'lighting-color'], LIGHT),
  tag('feSpecularLighting', [...REGION, 'surfaceScale', 'specularConstant', 'specularExponent', 'lighting-color'], LIGHT),
);

const SHAPE_ATTRIBUTES = ['x', 'y', 'width', 'height', 'r', 'cx', 'cy', 'rx', 'd', 'points', 'fill', 'stroke', 'stroke-width', 'filter', 'clip-path', 'mask',
  'marker-start', 'marker-mid', 'marker-end', 'transform', 'href', 'opacity', 'stroke-dasharray', 'paint-order', 'vector-effect'];
const SHAPE = fc.oneof(...['rect', 'circle', 'ellipse', 'path', 'polyline', 'line', 'use', 'image'].map((name) => tag(name, SHAPE_ATTRIBUTES)),
  tag('text', [...SHAPE_ATTRIBUTES, 'dx', 'rotate', 'textLength', 'lengthAdjust', 'writing-mode', 'text-orientation'], fc.oneof(
    fc.constant('Text'),
    tag('textPath', ['href', 'startOffset', 'method', 'spacing', 'side'], fc.constant('on a path')),
    tag('tspan', ['x', 'dy', 'fill', 'baseline-shift'], fc.constant('span')),
  )));
const SHAPES = fc.array(SHAPE, { minLength: 1, maxLength: 4 }).map((s) => s.join(''));
const STOPS = fc.array(tag('stop', ['offset', 'stop-color', 'stop-opacity']), { maxLength: 4 }).map((s) => s.join(''));

/** The referenced definitions: a filter, pattern, gradient, marker, clip path, mask, symbol and path, by the ids the shapes use. */
const DEFS = fc.tuple(
  fc.array(PRIMITIVE, { minLength: 1, maxLength: 4 }).chain((primitives) => tag('filter', ['x', 'y', 'width', 'height', 'filterUnits', 'primitiveUnits', 'color-interpolation-filters'], fc.constant(primitives.join('')))),
  tag('pattern', ['width', 'height', 'patternUnits', 'patternContentUnits', 'patternTransform', 'viewBox', 'href'], SHAPES),
  fc.oneof(tag('linearGradient', ['x1', 'y2', 'gradientUnits', 'spreadMethod', 'gradientTransform', 'href'], STOPS), tag('radialGradient', ['r', 'fx', 'fr', 'spreadMethod', 'href'], STOPS)),
  tag('marker', ['markerWidth', 'markerHeight', 'refX', 'orient', 'markerUnits', 'viewBox', 'overflow'], SHAPES),
  tag('clipPath', ['clipPathUnits', 'transform'], SHAPES),
  tag('mask', ['maskUnits', 'maskContentUnits', 'x', 'width', 'mask-type'], SHAPES),
  tag('symbol', ['viewBox', 'width', 'preserveAspectRatio'], SHAPES),
).map(([filter, pattern, gradient, marker, clip, mask, symbol]) => [
  filter.replace('<filter', '<filter id="f"'), pattern.replace('<pattern', '<pattern id="p"'), gradient.replace(/^<(\w+)/, '<$1 id="g"'),
  marker.replace('<marker', '<marker id="m"'), clip.replace('<clipPath', '<clipPath id="c"'), mask.replace('<mask', '<mask id="k"'),
  symbol.replace('<symbol', '<symbol id="s"'), '<path id="path" d="M0 20 C10 0 30 40 40 20"/>',
].join(''));

/** An SVG document: definitions, then shapes that use them; `viewBox` and size random too. */
export function svgDocument(): fc.Arbitrary<string> {
  // most documents draw their shapes through the filter (a shape names it only now and then)
  const filtered = fc.oneof({ weight: 3, arbitrary: SHAPES.map((shapes) => `<g filter="url(#f)">${shapes}</g>`) }, { weight: 2, arbitrary: SHAPES });
  return fc.tuple(valueOf('viewBox'), fc.constantFrom('40', '100', '1', '0', '1e6', '50%'), DEFS, filtered)
    .map(([box, width, defs, shapes]) => `<svg xmlns="http://www.w3.org/2000/svg" id="svg" width="${width}" height="30" viewBox="${box}"><defs>${defs}</defs>${shapes}</svg>`);
}

/** The SVG inline in a page and as an `<img>` (its own document: another parser path). */
export function svgPage(): fc.Arbitrary<string> {
  return fc.tuple(svgDocument(), fc.boolean()).map(([svg, inline]) => inline
    ? `<p>before</p>${svg}<p>after</p>`
    : `<p>before</p><img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" style="width: 200px"><p>after</p>`);
}
