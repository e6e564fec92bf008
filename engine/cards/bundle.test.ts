/**
 * The card bundle (dist/cards.bundle.json, written by `npm run build`): a pool read through it holds exactly the
 * cards of the card files, and a bundle whose files changed since it was written is not used.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundled, CARDS_DIR, checkCardReferences, loadCardFile, MapCardPool, writeCardBundle } from './pool.js';

const tmp = mkdtempSync(join(tmpdir(), 'arbiter-bundle-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A copy of a few built-in card files, and a bundle of them. */
function fixture(name: string): { dir: string; bundle: string; names: string[] } {
  const dir = join(tmp, name, 'cards');
  // Five cards that name no other card (a bundle is written only for cards whose references it holds).
  const names = readdirSync(CARDS_DIR).filter((f) => f.endsWith('.json')).sort()
    .filter((f) => !/"(card|enchantment|heroPower|randomOf|into)":/.test(readFileSync(join(CARDS_DIR, f), 'utf8'))).slice(0, 5);
  for (const n of names) cpSync(join(CARDS_DIR, n), join(dir, n));
  const bundle = join(tmp, name, 'cards.bundle.json');
  expect(writeCardBundle(bundle, dir)).toBe(names.length);
  return { dir, bundle, names };
}

describe('card bundle', () => {
  it('holds each card file as the loader reads it, in file order', () => {
    const { dir, bundle, names } = fixture('same');
    expect(bundled(names, dir, bundle)).toEqual(names.map((n) => loadCardFile(join(dir, n), true)));
  });

  it('is not used once a card file changed, was added or removed, or when it is unreadable', () => {
    const edited = fixture('edited');
    const first = join(edited.dir, edited.names[0]!);
    const card = JSON.parse(readFileSync(first, 'utf8')) as { text?: string };
    writeFileSync(first, JSON.stringify({ ...card, text: `${card.text ?? ''} (edited)` }, null, 2));
    expect(bundled(edited.names, edited.dir, edited.bundle)).toBeNull();

    // same size, touched later: the modification time tells
    const touched = fixture('touched');
    const f = join(touched.dir, touched.names[1]!);
    const later = new Date(statSync(f).mtimeMs + 5000);
    utimesSync(f, later, later);
    expect(bundled(touched.names, touched.dir, touched.bundle)).toBeNull();

    const fewer = fixture('fewer');
    expect(bundled(fewer.names.slice(1), fewer.dir, fewer.bundle)).toBeNull();
    const renamed = fixture('renamed');
    expect(bundled([...renamed.names.slice(0, -1), 'zz-new-card.json'], renamed.dir, renamed.bundle)).toBeNull();

    const broken = fixture('broken');
    writeFileSync(broken.bundle, '{"files": [');
    expect(bundled(broken.names, broken.dir, broken.bundle)).toBeNull();
    expect(bundled(broken.names, broken.dir, join(tmp, 'no-such-bundle.json'))).toBeNull();
  });

  it('is not written when a card names a card that is not there (a command then reads the files and names the card)', () => {
    const dir = join(tmp, 'unknown-ref', 'cards');
    const name = readdirSync(CARDS_DIR).filter((f) => f.endsWith('.json')).sort()[0]!;
    cpSync(join(CARDS_DIR, name), join(dir, name));
    const card = JSON.parse(readFileSync(join(dir, name), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(dir, name), JSON.stringify({ ...card, heroPower: 'no-such-card' }, null, 2));
    const bundle = join(tmp, 'unknown-ref', 'cards.bundle.json');
    expect(writeCardBundle(bundle, dir)).toBe(0);
    expect(existsSync(bundle)).toBe(false);
    // The check a command makes on the files it reads then names the card's file, the JSON path and the unknown card.
    const pool = new MapCardPool();
    pool.add(loadCardFile(join(dir, name), true), name);
    expect(() => checkCardReferences(pool)).toThrow(new RegExp(`${name.replace('.', '\\.')}.*\\$\\.heroPower.*unknown card "no-such-card"`));
  });
});
