import type { Random } from './random.ts';
import {
  adjectives,
  countryCodes,
  firstNames,
  labelSuffixes,
  lastNames,
  nouns,
  phrases,
  syllables,
  verbs,
} from './vocabulary.ts';

/** Lower-case, dash-separated ASCII: "Chloé & D'Angelo" becomes "chloe-and-dangelo". */
export function slugify(text: string, fallback: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || fallback;
}

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

function alias(random: Random): string {
  let word = '';
  for (let i = random.int(2, 3); i > 0; i--) word += random.pick(syllables);
  return capitalize(word);
}

export function artistName(random: Random): string {
  return random.weighted<() => string>([
    [() => `${random.pick(firstNames)} ${random.pick(lastNames)}`, 40],
    [() => alias(random), 25],
    [() => `DJ ${alias(random)}`, 5],
    [() => `${random.pick(firstNames)} & ${random.pick(firstNames)}`, 10],
    [() => `The ${random.pick(adjectives)} ${random.pick(nouns)}s`, 8],
    [() => `${random.pick(adjectives)} ${random.pick(nouns)}`, 12],
  ])();
}

export function labelName(random: Random): string {
  return random.weighted<() => string>([
    [() => `${random.pick(nouns)} ${random.pick(labelSuffixes)}`, 40],
    [() => `${random.pick(adjectives)} ${random.pick(nouns)} ${random.pick(labelSuffixes)}`, 25],
    [() => alias(random), 20],
    [() => `${random.pick(lastNames)}'s ${random.pick(nouns)}`, 8],
    [() => `${random.pick(nouns)} & ${random.pick(nouns)}`, 7],
  ])();
}

export function trackTitle(random: Random): string {
  return random.weighted<() => string>([
    [() => `${random.pick(adjectives)} ${random.pick(nouns)}`, 35],
    [() => random.pick(nouns), 15],
    [() => `The ${random.pick(nouns)}`, 8],
    [() => random.pick(phrases), 15],
    [() => `${random.pick(verbs)} ${random.pick(nouns)}s`, 10],
    [() => `${random.pick(nouns)} of the ${random.pick(nouns)}`, 7],
    [() => `${random.pick(nouns)} & ${random.pick(nouns)}`, 5],
    [() => alias(random), 5],
  ])();
}

/** Names that stay unique: a clash gets a country tag, as stores disambiguate artists ("Name (UK)"). */
export class UniqueNames {
  private readonly used = new Set<string>();
  private readonly random: Random;

  constructor(random: Random) {
    this.random = random;
  }

  take(make: () => string): string {
    let name = make();
    for (let attempt = 0; this.used.has(name); attempt++) {
      name = attempt < 3 ? make() : `${name} (${this.random.pick(countryCodes)})`;
    }
    this.used.add(name);
    return name;
  }
}

/** Initials of a label's ASCII words for its catalog numbers: "Velvet Echo Records" gives "VER". */
export function catalogPrefix(label: string): string {
  const words = slugify(label, 'crate').split('-');
  const initials = words.map((word) => word.charAt(0)).join('');
  return (initials.length >= 2 ? initials : (words[0] ?? 'crate').slice(0, 3)).slice(0, 4).toUpperCase();
}
