// The children's risk assessment (docs/decisions/076): one entry per kind of content harmful to
// children, as sections 61 and 62 of the Online Safety Act 2023 list them and Ofcom's Children's
// Register of Risks groups them (24 April 2025), then the non-designated content Ofcom asks about.

export const CHILDREN_HARM_GROUPS = ["primary-priority", "priority", "non-designated"] as const;
export type ChildrenHarmGroup = (typeof CHILDREN_HARM_GROUPS)[number];

export const CHILDREN_HARM_GROUP_LABELS: Record<ChildrenHarmGroup, string> = {
  "primary-priority":
    "Primary priority content (children of every age are to be prevented from meeting it)",
  priority: "Priority content (children in age groups judged at risk are to be protected from it)",
  "non-designated": "Non-designated content",
};

/** Each kind with its group, in the Act's order (s61, then s62's subsections). */
const KINDS = {
  pornography: "primary-priority",
  suicide: "primary-priority",
  "self-harm": "primary-priority",
  "eating-disorders": "primary-priority",
  "abuse-and-hate": "priority",
  bullying: "priority",
  "violence-encouraged": "priority",
  "violence-to-people": "priority",
  "violence-to-animals": "priority",
  "dangerous-stunts": "priority",
  "harmful-substances": "priority",
  "non-designated": "non-designated",
} as const satisfies Record<string, ChildrenHarmGroup>;

export type ChildrenHarmKind = keyof typeof KINDS;
export const CHILDREN_HARM_KINDS = Object.keys(KINDS) as ChildrenHarmKind[];

export function childrenHarmGroup(kind: ChildrenHarmKind): ChildrenHarmGroup {
  return KINDS[kind];
}

export const CHILDREN_HARM_LABELS: Record<ChildrenHarmKind, string> = {
  pornography: "Pornography",
  suicide: "Content encouraging, promoting or giving instructions for suicide",
  "self-harm": "Content encouraging, promoting or giving instructions for self-harm",
  "eating-disorders":
    "Content encouraging, promoting or giving instructions for an eating disorder",
  "abuse-and-hate":
    "Abuse and hate: abuse targeting, or hatred stirred against, a protected characteristic",
  bullying: "Bullying",
  "violence-encouraged":
    "Violent content: encouraging, promoting or giving instructions for serious violence against a person",
  "violence-to-people":
    "Violent content: real or realistic serious violence against, or serious injury of, a person",
  "violence-to-animals":
    "Violent content: serious violence against, or serious injury of, an animal or a fictional creature",
  "dangerous-stunts": "Dangerous stunts and challenges",
  "harmful-substances": "Harmful substances: encouraging children to take them",
  "non-designated":
    "Other content harmful to children (non-designated: of a kind that risks significant harm to an appreciable number of children)",
};

export function isChildrenHarmKind(value: string): value is ChildrenHarmKind {
  return Object.hasOwn(KINDS, value);
}
