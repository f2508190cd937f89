"""An independent reader of SQLCipher 4 files for the OneLibrary tests: OpenSSL through PyCA's
cryptography (python3-cryptography) for PBKDF2 and AES, Python's hmac for the page HMACs, and
Debian's SQLite for PRAGMA integrity_check. Debian's sqlcipher CLI is 3.4, which cannot derive
SQLCipher 4's SHA-512 keys, so it cannot be the judge.

Usage: read-sqlcipher4.py FILE PASSPHRASE  ->  JSON {integrity, tables: {name: [columns]}, rows: {name: count}, data: {name: [rows]}}
"""
import hashlib
import hmac
import json
import os
import sqlite3
import sys
import tempfile

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

PAGE, RESERVE, IV, MAC, SALT = 4096, 80, 16, 64, 16

path, passphrase = sys.argv[1], sys.argv[2].encode()
data = open(path, "rb").read()
if not data or len(data) % PAGE:
    sys.exit("not whole 4096-byte pages")
salt = data[:SALT]
key = hashlib.pbkdf2_hmac("sha512", passphrase, salt, 256000, 32)
hmac_key = hashlib.pbkdf2_hmac("sha512", key, bytes(b ^ 0x3A for b in salt), 2, 32)
plain = bytearray()
for number in range(1, len(data) // PAGE + 1):
    page = data[(number - 1) * PAGE : number * PAGE]
    start = SALT if number == 1 else 0
    signed = page[start : PAGE - MAC] + number.to_bytes(4, "little")
    if not hmac.compare_digest(hmac.new(hmac_key, signed, "sha512").digest(), page[PAGE - MAC :]):
        sys.exit(f"page {number} fails its HMAC")
    iv = page[PAGE - RESERVE : PAGE - RESERVE + IV]
    decryptor = Cipher(algorithms.AES(key), modes.CBC(iv)).decryptor()
    body = decryptor.update(page[start : PAGE - RESERVE]) + decryptor.finalize()
    plain += (b"SQLite format 3\0" if number == 1 else b"") + body + bytes(RESERVE)

with tempfile.TemporaryDirectory() as folder:
    plain_path = os.path.join(folder, "plain.db")
    open(plain_path, "wb").write(plain)
    db = sqlite3.connect(plain_path)
    integrity = db.execute("PRAGMA integrity_check").fetchone()[0]
    names = [row[0] for row in db.execute("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")]
    tables = {name: [row[1] for row in db.execute(f'PRAGMA table_info("{name}")')] for name in names}
    rows = {name: db.execute(f'SELECT count(*) FROM "{name}"').fetchone()[0] for name in names}
    data = {name: [list(row) for row in db.execute(f'SELECT * FROM "{name}" ORDER BY rowid')] for name in names}
    db.close()
print(json.dumps({"integrity": integrity, "tables": tables, "rows": rows, "data": data}))
