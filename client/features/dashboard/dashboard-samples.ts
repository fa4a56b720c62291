/** The dashboard's static sample cards (spec section 2, Dashboard): fixed values, nothing is fetched. */
export const dashboardSamples = {
  lastActivity: 'Yesterday',
  health: [
    { label: 'Blood pressure', value: '120/80 mmHg' },
    { label: 'Blood glucose', value: '95 mg/dL' },
    { label: 'Last test result', value: 'Full blood count: normal' },
  ],
  appointment: { when: 'May 3, 2024, 8:00 AM', where: 'City Health Clinic, Lagos', what: 'General check-up' },
  messages: ['1 new message from your care team', 'Test result available'],
  resources: [
    { label: 'Health tips', description: 'Short, practical advice on sleep, food, exercise and stress.' },
    {
      label: 'Educational materials',
      description: 'Plain-language guides on common conditions such as malaria, high blood pressure and diabetes.',
    },
  ],
  profile: { insurer: 'Sample HMO Plan (placeholder)', emergencyContact: 'Not set' },
} as const;

/** Request a Service (spec section 2): values as the spec names them, with readable labels. */
export const requestServiceOptions = [
  { value: 'virtual-consultation', label: 'Virtual Consultation' },
  { value: 'prescription-refill', label: 'Prescription Refill' },
  { value: 'lab-test-booking', label: 'Lab Test Booking' },
  { value: 'general-inquiry', label: 'General Inquiry' },
] as const;

export const serviceTypeOptions = [
  { value: 'in-person', label: 'Virtual or In-person' },
  { value: 'telehealth', label: 'Telehealth Optional' },
] as const;
