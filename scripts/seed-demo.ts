// npm run seed:demo: staff accounts, members and discussions to try the site with.
// Idempotent: accounts that exist are kept, discussions are added only to an empty forum.
import path from "node:path";
import { and, count, eq } from "drizzle-orm";
import { findUserIdByEmail, setRole } from "../src/server/auth/roles";
import { openDatabase } from "../src/server/db/client";
import { DataDirBusyError, lockDataDir } from "../src/server/db/data-dir-lock";
import { discussions, profiles, user } from "../src/server/db/schema";
import { createDeps } from "../src/server/deps";
import { loadEnv } from "../src/server/env";
import { createLogger } from "../src/server/lib/logger";
import { keepNewFilesPrivate } from "../src/server/lib/private-files";
import type { Role } from "../src/shared/permissions";

const PASSWORD = "demo-password";

const STAFF: Array<{ email: string; name: string; role: Role; bio: string }> = [
  { email: "admin@example.com", name: "Ada Admin", role: "admin", bio: "Keeps the lights on." },
  {
    email: "moderator@example.com",
    name: "Mo Derator",
    role: "moderator",
    bio: "Pins the good stuff.",
  },
  { email: "author@example.com", name: "Aud Thor", role: "author", bio: "Writes the blog." },
  { email: "member@example.com", name: "Mem Ber", role: "user", bio: "Just here to vent." },
];

const FIRST = [
  "Sam",
  "Priya",
  "Jonas",
  "Aisha",
  "Tom",
  "Mei",
  "Lucas",
  "Nadia",
  "Omar",
  "Grace",
  "Leo",
  "Zara",
];
const LAST = [
  "Hart",
  "Okafor",
  "Lind",
  "Khan",
  "Reyes",
  "Chen",
  "Moreau",
  "Silva",
  "Novak",
  "Byrne",
];
const PLACES = ["Leeds", "Bristol", "Glasgow", "Cardiff", "Belfast", "London", "Norwich", null];
const TOPICS = [
  [
    "Why is every app a subscription now?",
    "I paid for the app once. Now it wants £4.99 a month to keep the features I already had.\nWhen did owning software become a luxury?",
  ],
  [
    "Open-plan offices were a mistake",
    "I can hear three phone calls, a blender and someone's podcast.\nProductivity has never been lower.",
  ],
  [
    "People who recline on short flights",
    "It's a 50 minute flight. Your knees are fine. Mine are not.",
  ],
  [
    "Unpopular opinion: winter is the best season",
    "Blankets, soup, early nights with no guilt. Summer is overrated and sweaty.",
  ],
  [
    "The group chat that never sleeps",
    "Muted it. Unmuted it. 212 messages about a barbecue that got cancelled.",
  ],
  [
    "Printer drivers in 2026",
    "We have self-driving cars but my printer still can't find itself on the network.",
  ],
  [
    "Small talk at the hairdresser",
    "Yes, I'm going anywhere nice this year. No, I'm not. Please just cut my hair.",
  ],
  [
    "Automatic doors that open too slowly",
    "Every morning I nearly walk into the same door. It knows. It waits.",
  ],
];

async function main() {
  // It may create the embedded database's files: private to this user, as the server's are.
  keepNewFilesPrivate();
  const env = loadEnv();
  const logger = createLogger("warn");
  let release = () => {};
  if (!env.databaseUrl) {
    try {
      release = lockDataDir(env.dataDir);
    } catch (error) {
      if (error instanceof DataDirBusyError) {
        console.error(
          `${error.message}\nStop the server first: the embedded database has one owner at a time.`,
        );
        process.exit(1);
      }
      throw error;
    }
  }
  const database = env.databaseUrl
    ? await openDatabase({ engine: "postgres", url: env.databaseUrl, poolSize: 2 })
    : await openDatabase({ engine: "pglite", dataDir: path.join(env.dataDir, "pg") });
  try {
    await database.migrate();
    const { db } = database;
    // The server's better-auth, without its limits and without mail: sign-up is how an account
    // gets its rows (password hash, profile, role) exactly as a member's does.
    const { auth } = createDeps({
      env: { ...env, rateLimitMultiplier: 1_000_000 },
      database,
      logger,
      mailer: { send: async () => {} },
      clientIp: () => "127.0.0.1",
    });

    const ensureAccount = async (email: string, name: string, role: Role, bio: string | null) => {
      let id = await findUserIdByEmail(db, email);
      if (!id) {
        // An unverified account owns nothing, not even the address: the demo account replaces it.
        await db.delete(user).where(and(eq(user.email, email), eq(user.emailVerified, false)));
        await auth.api.signUpEmail({ body: { email, name, password: PASSWORD } });
        const [created] = await db
          .update(user)
          .set({ emailVerified: true })
          .where(eq(user.email, email))
          .returning({ id: user.id });
        if (!created) throw new Error(`could not create ${email}`);
        id = created.id;
        await db.update(profiles).set({ bio }).where(eq(profiles.id, id));
        if (role !== "user")
          await setRole(db, {
            targetUserId: id,
            newRole: role,
            changedBy: null,
            reason: "Demo data",
          });
      }
      return id;
    };

    for (const staff of STAFF) await ensureAccount(staff.email, staff.name, staff.role, staff.bio);
    const memberIds: string[] = [];
    for (let i = 0; i < 24; i++) {
      const first = FIRST[i % FIRST.length] as string;
      const last = LAST[(i * 7) % LAST.length] as string;
      const email = `${first}.${last}.${i}@example.com`.toLowerCase();
      const id = await ensureAccount(
        email,
        `${first} ${last}`,
        "user",
        i % 3 === 0 ? null : `Ranting from ${PLACES[i % PLACES.length] ?? "somewhere"}.`,
      );
      await db
        .update(profiles)
        .set({ location: PLACES[i % PLACES.length] ?? null, isPublic: i % 9 !== 4 })
        .where(eq(profiles.id, id));
      memberIds.push(id);
    }

    const [existing] = await db.select({ n: count() }).from(discussions);
    if ((existing?.n ?? 0) === 0) {
      const rows = Array.from({ length: 48 }, (_, i) => {
        const [title, content] = TOPICS[i % TOPICS.length] as [string, string];
        const created = new Date(Date.now() - i * 5 * 60 * 60 * 1000);
        return {
          title: i < TOPICS.length ? title : `${title} (take ${Math.floor(i / TOPICS.length) + 1})`,
          content,
          authorId: memberIds[(i * 5) % memberIds.length] ?? null,
          isPinned: i === 3,
          isLocked: i === 6,
          createdAt: created,
          updatedAt: created,
        };
      });
      await db.insert(discussions).values(rows);
    }

    console.log("Demo data is ready. Sign in with any of these (password: demo-password):");
    for (const staff of STAFF) console.log(`  ${staff.role.padEnd(9)} ${staff.email}`);
  } finally {
    await database.close();
    release();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
