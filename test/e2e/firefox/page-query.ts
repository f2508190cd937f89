/**
 * The in-page half of the Puppeteer driver: finds elements the way the page objects describe them
 * (CSS, ARIA role and accessible name, text, label), through open shadow roots as Playwright does.
 * It is sent as source text and evaluated by WebDriver BiDi, not by the page: an extension page's
 * CSP refuses `new Function`, which Puppeteer's own waitForFunction and locators rely on.
 */

export type TextMatch = { text: string } | { source: string; flags: string };

export type Step =
  | { kind: 'css'; selector: string }
  | { kind: 'role'; role: string; name?: TextMatch; exact?: boolean; pressed?: boolean }
  | { kind: 'text'; match: TextMatch; exact?: boolean }
  | { kind: 'label'; match: TextMatch; exact?: boolean }
  | { kind: 'nth'; index: number }
  | { kind: 'filter'; hasText?: TextMatch; has?: Step[] };

export type Query =
  | { action: 'count' }
  | { action: 'visible' }
  | { action: 'texts' }
  | { action: 'element' }
  | { action: 'fill'; value: string }
  | { action: 'select'; option: { value?: string; label?: string } }
  | { action: 'checked' }
  | { action: 'value' };

/** Written as plain JavaScript: this text runs in the page as it is, untouched by any compiler. */
const engine = String.raw`(steps, query) => {
  const normalize = (text) => (text || '').replace(/\s+/g, ' ').trim();
  const matches = (actual, match, exact) => {
    const value = normalize(actual);
    if ('source' in match) return new RegExp(match.source, match.flags).test(value);
    return exact ? value === normalize(match.text) : value.toLowerCase().includes(normalize(match.text).toLowerCase());
  };
  const shadowRootsUnder = (root) => {
    const roots = [];
    const walk = (node) => {
      if (node.shadowRoot) { roots.push(node.shadowRoot); walk(node.shadowRoot); }
      for (const element of node.querySelectorAll('*')) {
        if (element.shadowRoot) { roots.push(element.shadowRoot); walk(element.shadowRoot); }
      }
    };
    walk(root);
    return roots;
  };
  const queryDeep = (root, selector) => {
    const found = [...root.querySelectorAll(selector)];
    for (const shadow of shadowRootsUnder(root)) found.push(...shadow.querySelectorAll(selector));
    return found;
  };
  const parentOf = (element) => element.parentElement || (element.getRootNode() instanceof ShadowRoot ? element.getRootNode().host : null);
  const hiddenFromAccessibility = (element) => {
    if (element.checkVisibility && !element.checkVisibility({ visibilityProperty: true })) return true;
    for (let node = element; node; node = parentOf(node)) {
      if (node.getAttribute('aria-hidden') === 'true') return true;
    }
    return false;
  };
  const visible = (element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
  };
  const roleOf = (element) => {
    const explicit = element.getAttribute('role');
    if (explicit) return explicit.split(' ')[0];
    const type = (element.getAttribute('type') || 'text').toLowerCase();
    switch (element.localName) {
      case 'button': return 'button';
      case 'a': return element.hasAttribute('href') ? 'link' : null;
      case 'select': return element.multiple || element.size > 1 ? 'listbox' : 'combobox';
      case 'textarea': return 'textbox';
      case 'input':
        if (['button', 'submit', 'reset', 'image'].includes(type)) return 'button';
        if (type === 'checkbox' || type === 'radio') return type;
        if (type === 'search') return element.hasAttribute('list') ? 'combobox' : 'searchbox';
        if (['text', 'email', 'tel', 'url', 'password'].includes(type)) return element.hasAttribute('list') ? 'combobox' : 'textbox';
        return null;
      case 'ul': case 'ol': return 'list';
      case 'li': return 'listitem';
      case 'fieldset': return 'group';
      case 'section': return element.hasAttribute('aria-label') || element.hasAttribute('aria-labelledby') ? 'region' : null;
      case 'output': return 'status';
      case 'progress': return 'progressbar';
      case 'dialog': return 'dialog';
      case 'h1': case 'h2': case 'h3': case 'h4': case 'h5': case 'h6': return 'heading';
      default: return null;
    }
  };
  const fromContent = new Set(['button', 'link', 'tab', 'listitem', 'heading', 'checkbox', 'radio', 'option', 'menuitem', 'cell']);
  const textOf = (node) => {
    if (node.nodeType === Node.TEXT_NODE) return node.data;
    if (node.nodeType !== Node.ELEMENT_NODE) return '';
    if (node.getAttribute('aria-hidden') === 'true' || ['script', 'style', 'template'].includes(node.localName)) return '';
    if (node.checkVisibility && !node.checkVisibility()) return '';
    if (node.hasAttribute('aria-label')) return ' ' + node.getAttribute('aria-label') + ' ';
    if (node.localName === 'img') return node.getAttribute('alt') || '';
    if (['select', 'textarea'].includes(node.localName) || (node.localName === 'input' && !['button', 'submit', 'reset'].includes(node.type))) return '';
    if (node.localName === 'input') return node.value;
    const inner = [...node.childNodes].map(textOf).join('');
    return getComputedStyle(node).display === 'inline' ? inner : ' ' + inner + ' ';
  };
  const labelledBy = (element) => {
    const ids = element.getAttribute('aria-labelledby');
    if (!ids) return null;
    const root = element.getRootNode();
    return ids.split(/\s+/).map((id) => root.getElementById(id)).filter(Boolean).map(textOf).join(' ');
  };
  const labelName = (element) => {
    const byIds = labelledBy(element);
    if (byIds !== null) return byIds;
    if (element.hasAttribute('aria-label')) return element.getAttribute('aria-label');
    if (element.labels && element.labels.length > 0) return [...element.labels].map(textOf).join(' ');
    return null;
  };
  const nameOf = (element, role) => {
    const label = labelName(element);
    if (label !== null) return label;
    if (role === 'group' && element.localName === 'fieldset') {
      const legend = element.querySelector(':scope > legend');
      if (legend) return textOf(legend);
    }
    if (fromContent.has(role)) return textOf(element);
    return element.getAttribute('title') || element.getAttribute('placeholder') || '';
  };
  const descendants = (scope) => {
    const all = [...scope.querySelectorAll('*')];
    for (const shadow of shadowRootsUnder(scope)) all.push(...shadow.querySelectorAll('*'));
    return all;
  };
  const unique = (elements) => [...new Set(elements)];
  const resolve = (steps, scopes) => {
    let current = scopes;
    for (const step of steps) {
      switch (step.kind) {
        case 'css':
          current = unique(current.flatMap((scope) => queryDeep(scope, step.selector)));
          break;
        case 'role':
          current = unique(current.flatMap(descendants)).filter((element) =>
            roleOf(element) === step.role && !hiddenFromAccessibility(element) &&
            (!step.name || matches(nameOf(element, step.role), step.name, step.exact)) &&
            (step.pressed === undefined || (element.getAttribute('aria-pressed') === 'true') === step.pressed));
          break;
        case 'text': {
          const candidates = unique(current.flatMap(descendants)).filter((element) =>
            !['script', 'style', 'template'].includes(element.localName) && matches(element.textContent, step.match, step.exact));
          current = candidates.filter((element) => !candidates.some((other) => other !== element && element.contains(other)));
          break;
        }
        case 'label':
          current = unique(current.flatMap(descendants)).filter((element) => {
            const label = labelName(element);
            return label !== null && ['input', 'select', 'textarea'].includes(element.localName) && matches(label, step.match, step.exact);
          });
          break;
        case 'nth': {
          const picked = step.index < 0 ? current[current.length + step.index] : current[step.index];
          current = picked ? [picked] : [];
          break;
        }
        case 'filter':
          current = current.filter((element) =>
            (!step.hasText || matches(element.textContent, step.hasText, false)) &&
            (!step.has || resolve(step.has, [element]).length > 0));
          break;
      }
    }
    return current;
  };
  const found = resolve(steps, [document]);
  const single = () => {
    if (found.length > 1) throw new Error('strict mode violation: ' + found.length + ' elements match');
    return found[0] || null;
  };
  switch (query.action) {
    case 'count': return found.length;
    case 'visible': return found.length === 1 && visible(found[0]);
    case 'texts': return found.map((element) => element.textContent);
    case 'element': return single();
    case 'checked': return Boolean(single() && single().checked);
    case 'value': return single() ? single().value : null;
    case 'fill': {
      const element = single();
      element.focus();
      const prototype = Object.getPrototypeOf(element);
      Object.getOwnPropertyDescriptor(prototype, 'value').set.call(element, query.value);
      element.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
      element.dispatchEvent(new Event('change', { bubbles: true }));
      return true;
    }
    case 'select': {
      const element = single();
      const option = [...element.options].find((each) =>
        query.option.label !== undefined ? normalize(each.label) === query.option.label
          : each.value === query.option.value || normalize(each.label) === query.option.value);
      if (!option) throw new Error('no option ' + JSON.stringify(query.option));
      element.value = option.value;
      element.dispatchEvent(new Event('input', { bubbles: true }));
      element.dispatchEvent(new Event('change', { bubbles: true }));
      return [option.value];
    }
  }
}`;

/** The expression that runs `query` over the elements `steps` find in the page. */
export function pageQuery(steps: Step[], query: Query): string {
  return `(${engine})(${JSON.stringify(steps)}, ${JSON.stringify(query)})`;
}
