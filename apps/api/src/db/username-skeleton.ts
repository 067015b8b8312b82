import unhomoglyph from 'unhomoglyph';

/**
 * The UTS #39 "skeleton" of a username, folded to lower case: two usernames with the same
 * skeleton look alike (Cyrillic `а` and Latin `a`, `rn` and `m`, `ADMIN` and `admin`). The
 * mapping is Unicode's own confusables.txt (through unhomoglyph), not a table of ours. Stored in
 * `users.username_skeleton` under a unique index, so a look-alike can never be inserted, even by
 * two registrations racing each other.
 */
export function usernameSkeleton(username: string): string {
  // Case first, so a look-alike of any case variant collides; then the mapping twice, because
  // lower-casing a mapped character can produce one the table maps again.
  const folded = username.normalize('NFKC').toLowerCase().normalize('NFD');
  return unhomoglyph(unhomoglyph(folded).toLowerCase()).normalize('NFD');
}
