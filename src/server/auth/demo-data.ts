// What `npm run seed:demo` does, apart from opening the database: staff accounts, members and
// discussions to try the site with. The command runs it itself, or through the running server
// on the embedded database (POST /api/control/seed-demo, docs/decisions/005).
// Idempotent: accounts that exist are kept as they are; discussions go only into an empty forum.
// The report says which was which, so a second run does not claim to have added anything.
import { and, count, eq, inArray } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { categories, discussions, discussionTags, profiles, tags, user } from "@/server/db/schema";
import { plainContentOf } from "@/server/domain/content-format";
import type { Logger } from "@/server/lib/logger";
import { createRateLimiter } from "@/server/lib/rate-limit";
import type { Role } from "@/shared/permissions";
import { createAuth } from "./auth";
import { findUserIdByEmail, setRole } from "./roles";

export const DEMO_PASSWORD = "demo-password";

/** How many discussions an empty forum gets. */
export const DEMO_DISCUSSIONS = 48;

/** The demo forum's tags: seven, in the spelling tags are stored in. */
const DEMO_TAGS = ["commuting", "work", "neighbours", "food", "tech", "money", "weather"];

export type DemoDataReport = {
  /** The staff accounts to sign in with; `added: false`: it existed and was left as it was. */
  staff: Array<{ email: string; role: Role; added: boolean }>;
  members: { added: number; kept: number };
  /** `existing`: how many the forum had before; discussions are added only when it had none. */
  discussions: { added: number; existing: number };
};

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

const MEMBERS = 24;

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

/** The demo's member number `i` (0 to 23): their names and address. */
function demoMember(i: number): { first: string; last: string; email: string } {
  const first = FIRST[i % FIRST.length] as string;
  const last = LAST[(i * 7) % LAST.length] as string;
  return { first, last, email: `${first}.${last}.${i}@example.com`.toLowerCase() };
}

/** The addresses of the demo's plain members (password DEMO_PASSWORD), for benchmarks. */
export const demoMemberEmails = (): string[] =>
  Array.from({ length: MEMBERS }, (_, i) => demoMember(i).email);

export type DemoDataOptions = {
  db: Db;
  /** The auth secret the server uses (AUTH_SECRET or the one kept in DATA_DIR). */
  secret: string;
  siteUrl: string;
  siteName: string;
  logger: Logger;
};

export async function seedDemoData(options: DemoDataOptions): Promise<DemoDataReport> {
  const { db } = options;
  // better-auth as the server configures it, without its limits and without mail: sign-up is
  // how an account gets its rows (password hash, account, confirmation) as a member's does.
  const auth = createAuth({
    db,
    secret: options.secret,
    siteUrl: options.siteUrl,
    siteName: options.siteName,
    adminEmails: [],
    mailer: { send: async () => {} },
    logger: options.logger,
    rateLimiter: createRateLimiter(db, 1_000_000),
    rateLimits: { signIn: 1_000_000, signUp: 1_000_000 },
  });

  /** The account's id, and whether this run created it. */
  const ensureAccount = async (email: string, name: string, role: Role, bio: string | null) => {
    const existing = await findUserIdByEmail(db, email);
    if (existing) return { id: existing, added: false };
    // An unverified account owns nothing, not even the address: the demo account replaces it.
    await db.delete(user).where(and(eq(user.email, email), eq(user.emailVerified, false)));
    await auth.api.signUpEmail({ body: { email, name, password: DEMO_PASSWORD } });
    // Verified: the trigger of migration 0011 creates its profile and `user` role.
    const [created] = await db
      .update(user)
      .set({ emailVerified: true })
      .where(eq(user.email, email))
      .returning({ id: user.id });
    if (!created) throw new Error(`could not create ${email}`);
    await db.update(profiles).set({ bio }).where(eq(profiles.id, created.id));
    if (role !== "user")
      await setRole(db, {
        targetUserId: created.id,
        newRole: role,
        changedBy: null,
        reason: "Demo data",
      });
    return { id: created.id, added: true };
  };

  const report: DemoDataReport = {
    staff: [],
    members: { added: 0, kept: 0 },
    discussions: { added: 0, existing: 0 },
  };
  for (const staff of STAFF) {
    const { added } = await ensureAccount(staff.email, staff.name, staff.role, staff.bio);
    report.staff.push({ email: staff.email, role: staff.role, added });
  }

  const memberIds: string[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const { first, last, email } = demoMember(i);
    const place = PLACES[i % PLACES.length] ?? null;
    const { id, added } = await ensureAccount(
      email,
      `${first} ${last}`,
      "user",
      i % 3 === 0 ? null : `Ranting from ${place ?? "somewhere"}.`,
    );
    // A kept account is left as its owner has it.
    if (added)
      await db
        .update(profiles)
        .set({ location: place, isPublic: i % 9 !== 4 })
        .where(eq(profiles.id, id));
    report.members[added ? "added" : "kept"] += 1;
    memberIds.push(id);
  }

  const [existing] = await db.select({ n: count() }).from(discussions);
  report.discussions.existing = existing?.n ?? 0;
  if (report.discussions.existing === 0) {
    // Spread over the categories in their order (docs/decisions/066).
    const categoryIds = (
      await db.select({ id: categories.id }).from(categories).orderBy(categories.position)
    ).map((row) => row.id);
    const rows = Array.from({ length: DEMO_DISCUSSIONS }, (_, i) => {
      const [title, content] = TOPICS[i % TOPICS.length] as [string, string];
      const created = new Date(Date.now() - i * 5 * 60 * 60 * 1000);
      return {
        title: i < TOPICS.length ? title : `${title} (take ${Math.floor(i / TOPICS.length) + 1})`,
        content,
        plainContent: plainContentOf(content, "markup"),
        authorId: memberIds[(i * 5) % memberIds.length] ?? null,
        categoryId: categoryIds[i % categoryIds.length] as string,
        isPinned: i === 3,
        isLocked: i === 6,
        createdAt: created,
        updatedAt: created,
      };
    });
    const inserted = await db.insert(discussions).values(rows).returning({ id: discussions.id });
    report.discussions.added = rows.length;
    // A few curated tags (docs/decisions/067): one on each discussion, a second on every third.
    await db
      .insert(tags)
      .values(DEMO_TAGS.map((name) => ({ name, curated: true })))
      .onConflictDoNothing();
    const tagIds = (
      await db.select({ id: tags.id }).from(tags).where(inArray(tags.name, DEMO_TAGS))
    ).map((row) => row.id);
    const tagged = inserted.flatMap(({ id }, i) =>
      [
        ...new Set([
          tagIds[i % tagIds.length],
          i % 3 === 0 ? tagIds[(i + 3) % tagIds.length] : undefined,
        ]),
      ]
        .filter((tagId): tagId is string => tagId !== undefined)
        .map((tagId) => ({ discussionId: id, tagId })),
    );
    if (tagged.length) await db.insert(discussionTags).values(tagged);
  }
  return report;
}

/** The command's answer: what was added, what was skipped and why, and whom to sign in as. */
export function describeDemoData(report: DemoDataReport): string {
  const lines: string[] = [];
  const staffAdded = report.staff.filter((staff) => staff.added).length;
  const staffKept = report.staff.length - staffAdded;
  const accounts = (n: number) => `${n} ${n === 1 ? "account" : "accounts"}`;
  lines.push(
    `Staff: added ${accounts(staffAdded)}` +
      (staffKept ? `; kept ${accounts(staffKept)} that already existed.` : "."),
  );
  lines.push(
    `Members: added ${accounts(report.members.added)}` +
      (report.members.kept ? `; kept ${accounts(report.members.kept)} that already existed.` : "."),
  );
  const { discussions: forum } = report;
  lines.push(
    forum.added > 0
      ? `Discussions: added ${forum.added}.`
      : `Discussions: skipped; the forum already has ${forum.existing}, and demo discussions go only into an empty forum.`,
  );
  lines.push(
    `Sign in as any of these; an account added by a seed has the password ${DEMO_PASSWORD}:`,
  );
  for (const staff of report.staff)
    lines.push(
      `  ${staff.role.padEnd(9)} ${staff.email}${staff.added ? "" : " (existed already; its password is unchanged)"}`,
    );
  return lines.join("\n");
}
