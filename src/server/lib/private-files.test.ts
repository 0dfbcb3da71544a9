// tightenDataDir() on an old install's modes; the umask side (what the server and the
// command-line tools create) is checked on real processes in security/data-dir-files.test.ts.
import { chmod, lstat, mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { tightenDataDir } from "./private-files";

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "rc-private-"));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const modeOf = async (file: string) => (await lstat(file)).mode & 0o7777;

async function create(file: string, mode: number, body = "x") {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, body);
  await chmod(file, mode);
}

it("takes group and other permissions off every folder and file, keeping the owner's", async () => {
  const dataDir = path.join(root, "data");
  await create(path.join(dataDir, "pg", "pg_wal", "000000010000000000000001"), 0o644);
  await create(path.join(dataDir, "auth-secret"), 0o600);
  await create(path.join(dataDir, "mail", "1-a@x.test.txt"), 0o666);
  await create(path.join(dataDir, "tool"), 0o755);
  await chmod(path.join(dataDir, "pg", "pg_wal"), 0o775);
  await chmod(path.join(dataDir, "pg"), 0o755);
  await chmod(path.join(dataDir, "mail"), 0o777);
  await chmod(dataDir, 0o755);

  const result = await tightenDataDir(dataDir);

  expect(await modeOf(dataDir)).toBe(0o700);
  expect(await modeOf(path.join(dataDir, "pg"))).toBe(0o700);
  expect(await modeOf(path.join(dataDir, "pg", "pg_wal"))).toBe(0o700);
  expect(await modeOf(path.join(dataDir, "pg", "pg_wal", "000000010000000000000001"))).toBe(0o600);
  expect(await modeOf(path.join(dataDir, "mail"))).toBe(0o700);
  expect(await modeOf(path.join(dataDir, "mail", "1-a@x.test.txt"))).toBe(0o600);
  expect(await modeOf(path.join(dataDir, "auth-secret"))).toBe(0o600);
  expect(await modeOf(path.join(dataDir, "tool"))).toBe(0o700);
  // auth-secret was already private: everything else changed.
  expect(result).toEqual({ changed: 7, failed: [] });
  expect(await tightenDataDir(dataDir)).toEqual({ changed: 0, failed: [] });
});

it("neither follows nor changes symbolic links", async () => {
  const dataDir = path.join(root, "data");
  const outside = path.join(root, "outside");
  await create(path.join(outside, "shared.txt"), 0o644);
  await chmod(outside, 0o755);
  await mkdir(dataDir, { mode: 0o700 });
  await symlink(path.join(outside, "shared.txt"), path.join(dataDir, "link-to-file"));
  await symlink(outside, path.join(dataDir, "link-to-folder"));

  expect(await tightenDataDir(dataDir)).toEqual({ changed: 0, failed: [] });
  expect(await modeOf(outside)).toBe(0o755);
  expect(await modeOf(path.join(outside, "shared.txt"))).toBe(0o644);
});

it("does nothing for a DATA_DIR that does not exist yet", async () => {
  expect(await tightenDataDir(path.join(root, "not-yet"))).toEqual({ changed: 0, failed: [] });
});
