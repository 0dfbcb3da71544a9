// Every client URL, defined once. Static pages are strings; pages with a parameter are
// functions for links and have their router pattern in `routePatterns`.

const encode = encodeURIComponent;

export const paths = {
  home: "/",
  team: "/team",
  contact: "/contact",
  blog: "/blog",
  blogPost: (id: string) => `/blog/${encode(id)}`,
  about: "/about",
  posts: "/posts",
  discussions: "/discussion",
  discussion: (id: string) => `/discussion/${encode(id)}`,
  discussionsByAuthor: (author: string) => `/discussion?author=${encode(author)}`,
  profile: (id: string) => `/profile/${encode(id)}`,
  profileEdit: "/profile/edit",
  members: "/members",
  auth: "/auth",
  /** Where the sign-up confirmation link lands (with `?token=`): the password is chosen here. */
  confirmEmail: "/auth/confirm",
  forgotPassword: "/auth/forgot-password",
  /** Where a password reset link lands (with `?token=`). */
  resetPassword: "/auth/reset-password",
  settings: "/settings",
  /** Where the link sent to a new email address lands (with `?token=`). */
  confirmEmailChange: "/settings/email",
  privacy: "/privacy",
  dataRequest: "/data-request",
  /** Where the newsletter's welcome email sends someone who wants out (with email and token). */
  newsletterUnsubscribe: "/newsletter/unsubscribe",
  rotatingTextShowcase: "/rotating-text-showcase",
  headerShowcase: "/header-showcase",
  cms: "/cms",
} as const;

export const routePatterns = {
  blogPost: "/blog/:id",
  discussion: "/discussion/:id",
  profile: "/profile/:id",
} as const;
