export type Job = {
  title: string;
  slug: string;
  location: string;
  description: string;
};

export const jobs: Job[] = [
  {
    title: 'Data Analyst',
    slug: 'data-analyst',
    location: 'Lagos Nigeria (Hybrid)',
    description:
      'Join our data team to turn health and operations data into clear insights that improve patient care and help our partners make better decisions. You will clean and analyse data, build dashboards and reports, and explain your findings in plain language to clinical, product and business teams. We are looking for strong SQL and spreadsheet skills, experience with Python or R and a BI tool such as Power BI or Tableau; experience with health data is a plus. You will handle sensitive information with care, in line with the Nigeria Data Protection Act and our privacy policies.',
  },
];

export function findJob(slug: string): Job | undefined {
  return jobs.find((job) => job.slug === slug);
}

export const careersTexts = {
  jobsHeading: 'Job Opportunities',
  emptyText: 'There are currently no open positions. Please check back later!',
  applyLabel: 'Apply Now',
  internships: {
    heading: 'Internships',
    text: 'Our internship programs are under development. Please check back soon for opportunities to learn and grow with us.',
  },
  trainings: {
    heading: 'Trainings',
    text: 'Our training schedule is being finalized. Stay tuned for upcoming workshops and courses.',
  },
} as const;
