import { brand } from '../../shared/brand';

export type TestimonialRole = 'Patient' | 'Caregiver' | 'Physician' | 'Patient Community Member';

export type Testimonial = {
  /** First name and last initial only. */
  name: string;
  role: TestimonialRole;
  /** Key of an avatar image; null shows initials instead. */
  avatarKey: string | null;
  testimonial: string;
  /** Stars out of 5. */
  rating: 1 | 2 | 3 | 4 | 5;
};

export type TestimonialsContent = {
  meta: { title: string; description: string };
  heading: string;
  intro: string;
  items: Testimonial[];
};

export const testimonialsContent: TestimonialsContent = {
  meta: {
    title: `Testimonials - ${brand.name}`,
    description: `Read what patients, caregivers, doctors and community members in Lagos say about care and support from ${brand.name}.`,
  },
  heading: 'Trusted by Patients and Professionals',
  intro: `Here is what some of the people we serve and work with say about ${brand.name}.`,
  items: [
    {
      name: 'Tolulope A.',
      role: 'Patient',
      avatarKey: null,
      testimonial:
        'I had a bad fever and could not face the traffic to the hospital in Ikeja. I spoke with a doctor on my phone within the hour and got clear advice on what to do next. It saved me a whole day and a lot of stress.',
      rating: 5,
    },
    {
      name: 'Ngozi E.',
      role: 'Caregiver',
      avatarKey: null,
      testimonial:
        'I look after my mother, who has diabetes and high blood pressure. Now I can book her check-ups and keep track of her medicines from one place, even when I am at work on the Island. The reminders have really helped us stay on schedule.',
      rating: 5,
    },
    {
      name: 'Kunle O.',
      role: 'Physician',
      avatarKey: null,
      testimonial:
        'The records system has made our clinic in Surulere more organised, and follow-up with patients is much easier. Training my staff took some time at first. The support team was patient and responded quickly whenever we had questions.',
      rating: 4,
    },
    {
      name: 'Halima B.',
      role: 'Patient Community Member',
      avatarKey: null,
      testimonial:
        'Joining the patient community helped me feel less alone after my diagnosis. People share practical tips, and the health talks are in simple language I can understand. I have made friends who truly understand what I am going through.',
      rating: 5,
    },
  ],
};
