/*
 * jsdom's getComputedStyle tests every rule of every style sheet against the element (its selector engine's cache
 * holds 1,024 selectors, fewer than antd injects, so each test re-parses the selector): two thirds of the web tests'
 * time went there (accessible names of getByRole, antd's measuring effects). Browsers skip most rules by the subject's
 * class, id and tag first; this does the same in front of jsdom's rule check. It only answers "no match" when the
 * element lacks a class, id or tag that the selector's last compound requires, so jsdom's results do not change;
 * anything it cannot read for sure (escapes, namespaces) goes to jsdom as before.
 */

interface Subject {
  tag: string | null;
  ids: string[];
  classes: string[];
}

/** A selector list's subjects, or null when any of them can't be read for sure. */
type Requirements = Subject[] | null;

/** Splits `text` at the separators that stand outside (), [] and quotes. */
function splitTopLevel(text: string, isSeparator: (char: string) => boolean): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (depth === 0 && isSeparator(char)) {
      parts.push(text.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** `compound` without what is inside (), [] and quotes, e.g. '.a:not(.b)[type].c' -> '.a:not.c'. */
function withoutArguments(compound: string): string {
  let text = '';
  let depth = 0;
  let quote: string | null = null;
  for (const char of compound) {
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (depth === 0) text += char;
  }
  return text;
}

const NAME = /^-?[_a-zA-Z][_a-zA-Z0-9-]*/;

/** What the element a complex selector selects must have: its last compound's tag, ids and classes. */
function readSubject(complexSelector: string): Subject | null {
  const compounds = splitTopLevel(complexSelector.trim(), (char) => /[\s>+~]/.test(char)).filter(Boolean);
  const last = compounds.at(-1);
  if (!last) return null;
  const text = withoutArguments(last);
  const subject: Subject = { tag: NAME.exec(text)?.[0].toLowerCase() ?? null, ids: [], classes: [] };
  for (const [, kind, name] of text.matchAll(/([.#])(-?[_a-zA-Z][_a-zA-Z0-9-]*)/g)) {
    if (kind === '.') subject.classes.push(name!.toLowerCase());
    else subject.ids.push(name!.toLowerCase());
  }
  return subject;
}

function readRequirements(selectorList: string): Requirements {
  // Escapes and namespaces would need a real parser; `&` (nesting) depends on the parent rule.
  if (/[\\|&]/.test(selectorList)) return null;
  const subjects: Subject[] = [];
  for (const complexSelector of splitTopLevel(selectorList, (char) => char === ',')) {
    const subject = readSubject(complexSelector);
    if (!subject) return null;
    subjects.push(subject);
  }
  return subjects;
}

interface ElementImpl {
  _localName?: string;
  localName?: string;
  getAttributeNS(namespace: string | null, name: string): string | null;
}

interface ElementFacts {
  classAttribute: string | null;
  idAttribute: string | null;
  classes: Set<string>;
  id: string | null;
}

const factsByElement = new WeakMap<ElementImpl, ElementFacts>();

function factsOf(element: ElementImpl): ElementFacts {
  const classAttribute = element.getAttributeNS(null, 'class');
  const idAttribute = element.getAttributeNS(null, 'id');
  const known = factsByElement.get(element);
  if (known && known.classAttribute === classAttribute && known.idAttribute === idAttribute) return known;
  const facts: ElementFacts = {
    classAttribute,
    idAttribute,
    classes: new Set(
      (classAttribute ?? '')
        .toLowerCase()
        .split(/[\t\n\f\r ]+/)
        .filter(Boolean),
    ),
    id: idAttribute === null ? null : idAttribute.toLowerCase(),
  };
  factsByElement.set(element, facts);
  return facts;
}

function mayMatch(subject: Subject, element: ElementImpl): boolean {
  if (subject.tag !== null) {
    const localName = (element._localName ?? element.localName ?? '').toLowerCase();
    if (subject.tag !== localName) return false;
  }
  if (subject.classes.length === 0 && subject.ids.length === 0) return true;
  const facts = factsOf(element);
  return subject.classes.every((name) => facts.classes.has(name)) && subject.ids.every((name) => facts.id === name);
}

interface CheckResult {
  match: boolean;
  ast: unknown;
  pseudoElement: string | null;
}
interface DomSelector {
  check(selector: string, node: ElementImpl, options?: unknown): CheckResult;
}

const NO_MATCH: CheckResult = Object.freeze({ match: false, ast: null, pseudoElement: null }) as CheckResult;

/** Puts the prefilter in front of the rule check of `document`'s selector engine (jsdom internals). */
export function prefilterStyleRules(target: Document): void {
  const implSymbol = Object.getOwnPropertySymbols(target).find((symbol) => symbol.description === 'impl');
  const impl = implSymbol ? (target as unknown as Record<symbol, { _domSelector?: DomSelector }>)[implSymbol] : null;
  const domSelector = impl?._domSelector;
  // Another jsdom version: tests still pass, only slower.
  if (!domSelector || typeof domSelector.check !== 'function') return;
  const check = domSelector.check.bind(domSelector);
  const requirementsBySelector = new Map<string, Requirements>();
  domSelector.check = (selector, node, options) => {
    let requirements = requirementsBySelector.get(selector);
    if (requirements === undefined) {
      requirements = readRequirements(selector);
      requirementsBySelector.set(selector, requirements);
    }
    if (requirements && node && !requirements.some((subject) => mayMatch(subject, node))) return NO_MATCH;
    return check(selector, node, options);
  };
}
