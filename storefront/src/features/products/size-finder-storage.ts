// The shopper's measurements are kept in this browser (localStorage) for the next product. Signed out, they are never
// sent anywhere (no request, no interaction, no link parameter carries them). Signed in to her account, the size
// finder also reads them from her account and saves them there (PUT /account/measurements, features/account), and
// nowhere else.

const KEY = 'size-finder-measurements';

/** The measurements typed last time, by measure key ("cintura": 70); anything unreadable is dropped. */
export function loadMeasurements(): Record<string, number> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    if (typeof stored !== 'object' || stored === null) return {};
    return Object.fromEntries(
      Object.entries(stored).filter((entry): entry is [string, number] => typeof entry[1] === 'number' && Number.isFinite(entry[1])),
    );
  } catch {
    return {};
  }
}

/** Adds these measurements to the remembered ones (a bra's and a panty's guide ask different ones). */
export function saveMeasurements(measurements: Record<string, number>): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ ...loadMeasurements(), ...measurements }));
  } catch {
    // Private mode or a full storage: the finder still answers, it only forgets.
  }
}
