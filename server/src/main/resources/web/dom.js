// Building the page's elements: text always as text, never as markup.

/** An element with attributes (or properties, for the camel-cased ones) and text. */
export function el(tag, attributes, text) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === 'className') element.className = value;
    else if (value === true) element.setAttribute(name, '');
    else element.setAttribute(name, String(value));
  }
  if (text !== undefined) element.textContent = text;
  return element;
}
