/**
 * The console's sounds (public/sounds/, made by scripts/make-sounds.sh): arm, disarm, stay-arm and siren, with
 * English variants of arm and disarm when the interface speaks English. A sound is a courtesy: playing never
 * throws and stays silent when muted or when the browser blocks audio (no gesture yet, no audio device).
 * The mute choice is remembered in local storage and shared by every open tab.
 */
import { useSyncExternalStore } from 'react';
import i18next from 'i18next';

export type SoundKind = 'arm' | 'disarm' | 'stayarm' | 'siren';

export const MUTED_KEY = 'sound-muted';

/** The kinds spoken in English too; the others have one file for every language. */
const ENGLISH_VARIANTS: ReadonlySet<SoundKind> = new Set(['arm', 'disarm']);

/** The file of a sound in a language (`arm-en.ogg` for English, `arm.ogg` otherwise). */
export function soundFile(kind: SoundKind, language: string | undefined): string {
  const english = ENGLISH_VARIANTS.has(kind) && (language ?? '').toLowerCase().split('-')[0] === 'en';
  return `sounds/${kind}${english ? '-en' : ''}.ogg`;
}

const listeners = new Set<() => void>();

const readMuted = (): boolean => {
  try {
    return localStorage.getItem(MUTED_KEY) === '1';
  } catch {
    return false;
  }
};

let muted = typeof localStorage === 'undefined' ? false : readMuted();

const notify = () => {
  for (const listener of listeners) listener();
};

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== MUTED_KEY) return;
    muted = readMuted();
    notify();
  });
}

export function isSoundMuted(): boolean {
  return muted;
}

export function setSoundMuted(next: boolean): void {
  muted = next;
  try {
    if (next) localStorage.setItem(MUTED_KEY, '1');
    else localStorage.removeItem(MUTED_KEY);
  } catch {
    // Storage refused (private mode): the choice holds for this page.
  }
  notify();
}

/** One element per file, rewound for each play: a burst of arm messages must not pile up players. */
const players = new Map<string, HTMLAudioElement>();
/** When each file last started: one event heard by two paths (a command's success and the feed's armed flag) plays once. */
const startedAt = new Map<string, number>();
/** Within this many milliseconds the same sound is not started again. */
export const REPEAT_GAP_MS = 1500;

/** Plays a sound; never throws, silent when muted or when the browser refuses. */
export function playSound(kind: SoundKind): void {
  if (muted || typeof Audio === 'undefined') return;
  try {
    const url = `${import.meta.env.BASE_URL}${soundFile(kind, i18next.resolvedLanguage ?? i18next.language)}`;
    const now = Date.now();
    if (now - (startedAt.get(url) ?? -Infinity) < REPEAT_GAP_MS) return;
    startedAt.set(url, now);
    let player = players.get(url);
    if (!player) players.set(url, (player = new Audio(url)));
    player.currentTime = 0;
    const playing = player.play() as Promise<void> | undefined;
    // Autoplay policy (no gesture yet) or a missing device reject the promise; that is silence, not an error.
    playing?.catch(() => undefined);
  } catch {
    // Media not supported here: silence.
  }
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Whether sounds are muted, and the setter (remembered in local storage). */
export function useSoundMuted(): [boolean, (muted: boolean) => void] {
  const value = useSyncExternalStore(subscribe, isSoundMuted, () => false);
  return [value, setSoundMuted];
}
