/**
 * What the HTML validator refuses in rendered markup, checked in jsdom: a block inside an element
 * that holds phrasing content only, anything but <dt>/<dd> inside a <dl> group, and an interactive
 * element inside another. Returns one line per problem (empty when the markup is valid).
 */
const PHRASING_ONLY = 'p, span, button, label, strong, em, small, b, i, h1, h2, h3, h4, h5, h6';
const BLOCKS =
  'address, article, aside, blockquote, details, div, dl, fieldset, figure, footer, form, h1, h2, h3, ' +
  'h4, h5, h6, header, hr, main, nav, ol, p, pre, section, table, ul';
const INTERACTIVE = 'a[href], button, input, select, textarea';

const tagOf = (el: Element) => `<${el.tagName.toLowerCase()}>`;

export function contentModelErrors(root: Element): string[] {
  const errors: string[] = [];
  for (const el of root.querySelectorAll(BLOCKS)) {
    const parent = el.parentElement?.closest(PHRASING_ONLY);
    if (parent && root.contains(parent)) errors.push(`${tagOf(el)} inside ${tagOf(parent)}`);
  }
  for (const dl of root.querySelectorAll('dl')) {
    for (const child of dl.children) {
      const tag = child.tagName.toLowerCase();
      if (tag === 'div') {
        for (const inner of child.children) {
          if (!['dt', 'dd'].includes(inner.tagName.toLowerCase()))
            errors.push(`${tagOf(inner)} in a <dl> group`);
        }
      } else if (!['dt', 'dd', 'script', 'template'].includes(tag)) errors.push(`${tagOf(child)} in a <dl>`);
    }
  }
  for (const el of root.querySelectorAll(INTERACTIVE)) {
    const outer = el.parentElement?.closest(INTERACTIVE);
    if (outer) errors.push(`${tagOf(el)} inside ${tagOf(outer)}`);
  }
  return errors;
}
