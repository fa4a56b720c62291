/**
 * Every internal route path is built here, so links never type paths out by hand
 * and the route-table test can resolve every link the site shows.
 */
export const paths = {
  home: () => '/',
  services: () => '/services',
  providerServices: () => '/services/provider',
  service: (slug: string) => `/services/${slug}`,
  providerService: (slug: string) => `/services/provider/${slug}`,
  medicalTourism: () => '/services/medical-tourism',
  internationalHealth: () => '/services/international-health',
  orderService: (query?: { service?: string; package?: string }) => withQuery('/services/order-service', query),
  bookAppointment: () => '/services/book-appointment',
  planTrip: () => '/services/plan-trip',
  about: () => '/about',
  testimonials: () => '/testimonials',
  blog: () => '/blog',
  blogPost: (slug: string) => `/blog/${slug}`,
  news: () => '/news',
  newsArticle: (slug: string) => `/news/${slug}`,
  contact: () => '/contact',
  resources: () => '/resources',
  apply: (jobTitleOrSlug: string) => `/apply/${encodeURIComponent(jobTitleOrSlug)}`,
  jobOpportunities: () => '/careers/job-opportunities',
  internships: () => '/careers/internships',
  trainings: () => '/careers/trainings',
  symptomChecker: () => '/self-diagnoses',
  product: (slug: string) => `/products/${slug}`,
  signup: () => '/signup',
  login: (next?: string) => withQuery('/login', { next }),
  forgotPassword: () => '/forgot-password',
  resetPassword: () => '/reset-password',
  confirmEmail: () => '/confirm-email',
  dashboard: () => '/dashboard',
  /** The support agents' console (internal, not linked from the public site). */
  agent: () => '/agent',
  /** The staff app (issue #13): inbox, chats, team, audit; /agent redirects to its Chats. */
  staff: () => '/staff',
  staffRequest: (id: number | string) => `/staff/requests/${id}`,
  staffNewsletter: () => '/staff/newsletter',
  /** Every SMS and WhatsApp message to patients (issue #27.2); `?request=<id>` lists one request's. */
  staffMessages: () => '/staff/messages',
  staffChats: () => '/staff/chats',
  staffTeam: () => '/staff/team',
  staffAudit: () => '/staff/audit',
  /** An invited colleague sets their password here (the link in the invitation e-mail). */
  staffWelcome: () => '/staff/welcome',
  dashboardSettings: () => '/dashboard#settings',
  privacyPolicy: () => '/privacy-policy',
  termsOfService: () => '/terms-of-service',
  hipaaCompliance: () => '/hipaa-compliance',
  accessibility: () => '/accessibility',
} as const;

function withQuery(path: string, query?: Record<string, string | undefined>): string {
  const entries = Object.entries(query ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return entries.length ? `${path}?${new URLSearchParams(entries).toString()}` : path;
}
