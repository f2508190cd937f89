/**
 * A saved file's absolute path as DJ software on each system keeps it: the volume (drive) it is
 * on, the folders from that volume's root, and the file name. Traktor (NML) writes the volume and
 * the folders apart; Serato writes paths from the drive's root, with crates kept on that drive.
 */

/** The person's system, as browser.runtime.getPlatformInfo() names it (other systems count as Linux). */
export type DesktopOs = 'win' | 'mac' | 'linux';

export interface VolumePath {
  /** "C:" on Windows; the volume's name on macOS ("Macintosh HD", "USB"); "" on Linux. */
  volume: string;
  folders: string[];
  file: string;
  /** On the system's own drive (not a macOS /Volumes drive or a Windows drive other than C:). */
  systemDrive: boolean;
}

/**
 * macOS names the system volume "Macintosh HD" unless the person renamed it; the browser does not
 * say, and Traktor's own collection names it so (docs/crates.md).
 */
export const macSystemVolume = 'Macintosh HD';

export function volumePath(absolute: string, os: DesktopOs): VolumePath {
  const parts = absolute.split(/[\\/]+/).filter(Boolean);
  const file = parts.pop() ?? '';
  const [first = '', second = ''] = parts;
  if (/^[A-Za-z]:$/.test(first))
    return { volume: first.toUpperCase(), folders: parts.slice(1), file, systemDrive: /^c:$/i.test(first) };
  if (os === 'mac' && first === 'Volumes' && parts.length >= 2)
    return { volume: second, folders: parts.slice(2), file, systemDrive: false };
  return { volume: os === 'mac' ? macSystemVolume : '', folders: parts, file, systemDrive: true };
}
