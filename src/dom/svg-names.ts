/**
 * HTML §13.2.6.5 ("adjust SVG tag names"): the SVG element names the HTML parser gives their
 * camel case (`<foreignobject>` is a `foreignObject` element), as htmlparser2 does. A type
 * selector is written in any case and compared lower-cased: its name is adjusted the same way, so
 * that `foreignObject { overflow: hidden }` and `.chart lineargradient` find their elements.
 */
const SVG_TAG_NAMES: ReadonlyMap<string, string> = new Map(['altGlyph', 'altGlyphDef', 'altGlyphItem', 'animateColor', 'animateMotion',
  'animateTransform', 'clipPath', 'feBlend', 'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feConvolveMatrix',
  'feDiffuseLighting', 'feDisplacementMap', 'feDistantLight', 'feDropShadow', 'feFlood', 'feFuncA', 'feFuncB', 'feFuncG', 'feFuncR',
  'feGaussianBlur', 'feImage', 'feMerge', 'feMergeNode', 'feMorphology', 'feOffset', 'fePointLight', 'feSpecularLighting',
  'feSpotLight', 'feTile', 'feTurbulence', 'foreignObject', 'glyphRef', 'linearGradient', 'radialGradient', 'textPath',
].map((name) => [name.toLowerCase(), name]));

/** The name of the elements a type selector's lower-cased name matches in the page's tree. */
export function elementNameOf(lowerCased: string): string {
  return SVG_TAG_NAMES.get(lowerCased) ?? lowerCased;
}
