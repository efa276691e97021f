import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import { isSoundMuted, MUTED_KEY, playSound, REPEAT_GAP_MS, setSoundMuted, soundFile } from './sounds.ts';

describe('sound files', () => {
  it('speaks arm and disarm in English for English, and the Turkish file otherwise', () => {
    expect(soundFile('arm', 'en')).toBe('sounds/arm-en.ogg');
    expect(soundFile('disarm', 'en-GB')).toBe('sounds/disarm-en.ogg');
    expect(soundFile('arm', 'tr')).toBe('sounds/arm.ogg');
    expect(soundFile('disarm', undefined)).toBe('sounds/disarm.ogg');
    expect(soundFile('stayarm', 'en')).toBe('sounds/stayarm.ogg');
    expect(soundFile('siren', 'en')).toBe('sounds/siren.ogg');
  });
});

describe('playSound and the mute switch', () => {
  const played: string[] = [];
  const storage = new Map<string, string>();

  let clock = 1_000_000;
  /** Each test starts well after the last sound of the one before (the repeat gap is per file). */
  const later = (ms = REPEAT_GAP_MS) => vi.setSystemTime((clock += ms));

  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    later(10 * REPEAT_GAP_MS);
    played.length = 0;
    storage.clear();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    });
    vi.stubGlobal(
      'Audio',
      class {
        currentTime = 5;
        constructor(readonly src: string) {}
        play() {
          played.push(`${this.src}@${this.currentTime}`);
          return Promise.reject(new Error('NotAllowedError: no gesture yet'));
        }
      },
    );
    await i18next.init({ lng: 'en', resources: {} });
    setSoundMuted(false);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('plays the language’s file from the start, and a refused play is silence, not an error', async () => {
    expect(() => playSound('arm')).not.toThrow();
    later();
    playSound('arm');
    await i18next.changeLanguage('tr');
    playSound('arm');
    expect(played).toEqual(['/sounds/arm-en.ogg@0', '/sounds/arm-en.ogg@0', '/sounds/arm.ogg@0']);
  });

  it('plays one event once when two paths report it together', () => {
    playSound('arm');
    later(REPEAT_GAP_MS - 1);
    playSound('arm');
    playSound('disarm');
    expect(played).toEqual(['/sounds/arm-en.ogg@0', '/sounds/disarm-en.ogg@0']);
    later(1);
    playSound('arm');
    expect(played).toHaveLength(3);
  });

  it('stays silent while muted and remembers the choice', () => {
    setSoundMuted(true);
    expect(storage.get(MUTED_KEY)).toBe('1');
    expect(isSoundMuted()).toBe(true);
    playSound('siren');
    expect(played).toEqual([]);
    setSoundMuted(false);
    expect(storage.has(MUTED_KEY)).toBe(false);
    later();
    playSound('siren');
    expect(played).toEqual(['/sounds/siren.ogg@0']);
  });

  it('never throws, even where media cannot be made', () => {
    vi.stubGlobal(
      'Audio',
      class {
        constructor() {
          throw new Error('media not supported');
        }
      },
    );
    expect(() => playSound('disarm')).not.toThrow();
  });
});
