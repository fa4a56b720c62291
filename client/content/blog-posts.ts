import type { IllustrationKey } from '../components/illustration';
import { BLOG_TEASER_COUNT, EMERGENCY_NUMBERS } from '../../shared/constants';

export type BlogCategory = 'Travel Health' | 'Mental Health' | 'Preventive Care' | 'Digital Health';

/** Article bodies are structured blocks, rendered by the article template (no HTML in blog content). */
export type ArticleBlock =
  { kind: 'heading'; text: string } | { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };

export type ArticleSource = { title: string; url: string };

export type BlogPost = {
  slug: string;
  title: string;
  category: BlogCategory;
  /** YYYY-MM-DD */
  date: string;
  /** One or two sentences, shown on teaser cards. */
  excerpt: string;
  imageKey: IllustrationKey;
  /** Alt text for the illustration. */
  imageDescription: string;
  /** CSS object-position for the cropped card image. */
  objectPosition: string;
  reviewedBy: string;
  /** YYYY-MM-DD */
  reviewedOn: string;
  body: ArticleBlock[];
  sources: ArticleSource[];
};

const [nationalEmergency, lagosEmergency] = EMERGENCY_NUMBERS;
const emergencyCall = `call ${nationalEmergency} or the Lagos State emergency line ${lagosEmergency}`;

const REVIEWER_GP = 'Reviewed by Dr. Adaeze Okafor, MBBS (PLACEHOLDER)';
const REVIEWER_PSYCHIATRY = 'Reviewed by Dr. Tunde Bakare, MBBS, FWACP (Psychiatry) (PLACEHOLDER)';

const p = (text: string): ArticleBlock => ({ kind: 'paragraph', text });
const h = (text: string): ArticleBlock => ({ kind: 'heading', text });
const list = (...items: string[]): ArticleBlock => ({ kind: 'list', items });

/** Newest first; one post per category, in the order the home page teaser shows them. */
export const blogPosts: BlogPost[] = [
  {
    slug: 'staying-healthy-when-you-travel-abroad-for-treatment',
    title: 'Staying healthy when you travel abroad for treatment',
    category: 'Travel Health',
    date: '2025-05-12',
    excerpt:
      'Planning surgery or specialist care outside Nigeria? Here is how to prepare, stay safe on the journey and get good follow-up care when you come home.',
    imageKey: 'blog-travel-health',
    imageDescription: 'A traveller with a suitcase and a folder of medical records at an airport departure gate',
    objectPosition: 'center',
    reviewedBy: REVIEWER_GP,
    reviewedOn: '2025-05-08',
    body: [
      p(
        'Many Nigerians travel to countries such as India, Turkey, Egypt or the United Kingdom for surgery, cancer care, fertility treatment or a second opinion. Travelling for care can work well, but the trip itself carries health risks. A little planning keeps you safer before, during and after treatment.',
      ),
      h('Before you book'),
      list(
        'Check that the hospital and the doctor are licensed in that country. Ask whether the hospital is accredited, for example by Joint Commission International (JCI).',
        'Ask for a written treatment plan and cost estimate. Find out what happens, and who pays, if there are complications.',
        'Ask how long you must stay near the hospital after treatment before it is safe to fly home.',
        'Buy travel health insurance that covers your condition and a medical flight home, and read what it leaves out.',
      ),
      h('See your own doctor first'),
      p(
        'Visit your doctor in Lagos at least four to six weeks before you travel. Ask for a short written summary of your condition, your test results and your medicines. Take copies of recent scans and lab results, both on paper and on your phone.',
      ),
      p(
        'Check your vaccines too. Some countries ask travellers from Nigeria to show a yellow fever vaccination certificate, often called the yellow card. One dose of yellow fever vaccine protects for life, and the certificate is now valid for life. Ask your doctor if you need any other vaccines before an operation.',
      ),
      h('Pack your medicines the right way'),
      list(
        'Carry your medicines in your hand luggage, in their original packs with the labels on.',
        'Take a letter or prescription from your doctor listing each medicine and its dose.',
        'Pack enough for the whole trip, plus a few extra days in case of delays.',
        'If you will cross time zones, ask your doctor or pharmacist how to time doses of medicines such as insulin.',
      ),
      h('On the journey'),
      p(
        'Sitting still for more than four hours raises the risk of a blood clot in the legs, called deep vein thrombosis (DVT). The risk is higher after surgery, in pregnancy, if you take hormonal contraception, are over 40 or are overweight.',
      ),
      list(
        'Get up and walk along the aisle when it is safe to do so.',
        'Every half hour, point and flex your feet and squeeze your calf muscles.',
        'Drink water and go easy on alcohol.',
        'Ask your doctor whether you need compression stockings or other protection, especially for the flight home after an operation.',
      ),
      p(
        "Follow your surgeon's advice on how soon you can fly after an operation. Do not rush the trip home to save money.",
      ),
      h('After treatment'),
      p(
        'Before you leave the hospital, ask for a discharge summary. It should say what was done, which medicines you were given and details of any implant or device. Bring it home and book a check-up with your own doctor soon after you return.',
      ),
      p('Get medical help quickly if you notice any of these after you return:'),
      list(
        'Fever or chills.',
        'A wound that is red, swollen, hot or leaking pus.',
        'Pain that gets worse instead of better.',
        'Pain, swelling or warmth in one leg.',
        `Sudden shortness of breath or chest pain. This is an emergency: ${emergencyCall}.`,
      ),
      p(
        'Remember that when you land back in Lagos, you are back in a malaria area. Any fever after your trip should be tested for malaria. Tell the health worker where you travelled and what treatment you had.',
      ),
    ],
    sources: [
      {
        title: 'CDC: Medical Tourism: Travel to Another Country for Medical Care',
        url: 'https://wwwnc.cdc.gov/travel/page/medical-tourism',
      },
      {
        title: 'CDC Yellow Book 2024: Medical Tourism',
        url: 'https://wwwnc.cdc.gov/travel/yellowbook/2024/health-care-abroad/medical-tourism',
      },
      {
        title: 'World Health Organization: Yellow fever fact sheet',
        url: 'https://www.who.int/news-room/fact-sheets/detail/yellow-fever',
      },
      {
        title: 'World Health Organization: Malaria fact sheet',
        url: 'https://www.who.int/news-room/fact-sheets/detail/malaria',
      },
    ],
  },
  {
    slug: 'looking-after-your-mental-health-in-a-busy-city',
    title: 'Looking after your mental health in a busy city',
    category: 'Mental Health',
    date: '2025-04-22',
    excerpt:
      'Traffic, noise, long hours and money worries can wear anyone down. Here are simple ways to protect your mind in Lagos, and the signs that it is time to get help.',
    imageKey: 'blog-mental-health',
    imageDescription: 'A woman taking a calm moment with her eyes closed by a window overlooking a busy city',
    objectPosition: 'center',
    reviewedBy: REVIEWER_PSYCHIATRY,
    reviewedOn: '2025-04-17',
    body: [
      p(
        'Life in Lagos moves fast. Long hours in traffic, noise, crowds, power cuts, pressure at work and the rising cost of living can leave you tired, tense and short-tempered. Feeling stressed now and then is normal. But when stress does not let up, it can affect your sleep, your relationships, your work and your body.',
      ),
      p(
        'Your mental health is part of your health, just like your blood pressure. Looking after it is not a sign of weakness.',
      ),
      h('Know the signs'),
      p('Pay attention if you notice some of these for most of the day, nearly every day, for two weeks or more:'),
      list(
        'Feeling sad, empty or hopeless.',
        'Losing interest or pleasure in things you used to enjoy.',
        'Sleeping much more or much less than usual.',
        'Feeling very tired or low in energy.',
        'Changes in appetite or weight.',
        'Finding it hard to concentrate or make decisions.',
        'Feeling worthless or guilty.',
        'Thoughts of death or of harming yourself.',
      ),
      p(
        'Stress and anxiety can also show up in the body, as headaches, a racing heart, stomach upsets, tight muscles or worry that is hard to switch off.',
      ),
      h('Small habits that help'),
      list(
        'Protect your sleep. Keep a regular bedtime and put your phone away before you sleep.',
        'Move your body. The World Health Organization advises adults to get at least 150 minutes of moderate activity, such as brisk walking, each week. Short bursts of 10 minutes still count.',
        'Use your time in traffic. Try slow breathing: breathe in through your nose for a count of four and out for a count of six. Listen to music or something calming instead of more news.',
        'Stay connected. Talk to a friend, a family member or your faith community. You do not have to carry everything alone.',
        'Go easy on alcohol, energy drinks and strong coffee. They can make sleep and anxiety worse, and alcohol does not solve stress.',
        'Take breaks from screens and social media, especially late at night.',
        'Where you can, set limits at work and use your leave days.',
      ),
      h('When to get help'),
      p(
        'Talk to a doctor or a mental health professional if the signs above last more than two weeks, if you are using alcohol or drugs to cope, or if you are struggling to get through the day. Depression and anxiety are common and they can be treated. Talking therapies, and sometimes medicine, help most people feel better.',
      ),
      p(
        'Many hospitals in Lagos offer mental health care, including the Federal Neuro-Psychiatric Hospital in Yaba and the psychiatry departments of the teaching hospitals. You can also talk to a doctor privately by video or phone.',
      ),
      p(
        `If you or someone you know is thinking about suicide or is in immediate danger, do not wait. Stay with the person, remove anything they could use to harm themselves, and ${emergencyCall}, or go to the nearest hospital emergency department.`,
      ),
      p(
        'Looking after your mind is not a luxury. A few small changes, and asking for help early, can make a real difference.',
      ),
    ],
    sources: [
      {
        title: 'World Health Organization: Depressive disorder (depression) fact sheet',
        url: 'https://www.who.int/news-room/fact-sheets/detail/depression',
      },
      {
        title: 'World Health Organization: Mental health: strengthening our response',
        url: 'https://www.who.int/news-room/fact-sheets/detail/mental-health-strengthening-our-response',
      },
      {
        title: 'World Health Organization: Physical activity fact sheet',
        url: 'https://www.who.int/news-room/fact-sheets/detail/physical-activity',
      },
      {
        title: 'World Health Organization: Doing What Matters in Times of Stress',
        url: 'https://www.who.int/publications/i/item/9789240003927',
      },
    ],
  },
  {
    slug: 'five-screenings-every-adult-in-nigeria-should-know-about',
    title: 'Five screenings every adult in Nigeria should know about',
    category: 'Preventive Care',
    date: '2025-03-18',
    excerpt:
      'Many serious illnesses give no warning until they are advanced. These five simple checks can find problems early, when they are easier and cheaper to treat.',
    imageKey: 'blog-preventive-care',
    imageDescription: "A nurse checking a man's blood pressure with a digital monitor at a clinic",
    objectPosition: 'center top',
    reviewedBy: REVIEWER_GP,
    reviewedOn: '2025-03-12',
    body: [
      p(
        'High blood pressure, diabetes and some cancers often cause no symptoms in their early stages. You can feel well and still have them. Screening means checking for a disease before it causes symptoms, so it can be treated early, when treatment works best and often costs less.',
      ),
      p(
        'Here are five screenings every adult in Nigeria should know about. Your doctor may suggest a different plan based on your age, your family history and your health.',
      ),
      h('1. Blood pressure'),
      p(
        'High blood pressure (hypertension) is a leading cause of stroke, heart attack and kidney failure, and most people who have it feel nothing. The check takes a few minutes and does not hurt. Have it checked at least once a year, or more often if your doctor advises. A reading of 140/90 or higher on two different days means high blood pressure.',
      ),
      h('2. Blood sugar'),
      p(
        'Type 2 diabetes often develops slowly, without clear signs. Ask for a blood sugar test, such as a fasting blood sugar or HbA1c, especially if you are over 40, overweight, not very active, have high blood pressure, had diabetes in pregnancy, or have a parent, brother or sister with diabetes. Finding diabetes early and keeping it under control helps protect your eyes, kidneys, nerves and heart.',
      ),
      h('3. HIV and hepatitis B and C'),
      p(
        'HIV and viral hepatitis can live in the body for years without symptoms while causing harm. Hepatitis B is common in Nigeria and can lead to liver damage and liver cancer. Every adult should know their HIV and hepatitis B status, and ask about a hepatitis C test too.',
      ),
      p(
        'Good treatment exists for all three. HIV treatment lets people live long, healthy lives. Hepatitis C can usually be cured with tablets, and hepatitis B can be controlled with medicine. If your hepatitis B test is negative, ask about the hepatitis B vaccine.',
      ),
      h('4. Cervical cancer screening (women)'),
      p(
        'Cervical cancer is one of the most common cancers in Nigerian women, and one of the most preventable. The World Health Organization advises women to start regular screening at age 30, and women living with HIV at age 25. The test may be an HPV test, a Pap smear or a visual check of the cervix. How often you need it depends on the test: usually every 5 to 10 years with an HPV test, or every 3 years with the other tests.',
      ),
      p(
        "The HPV vaccine, offered to girls aged 9 to 14 in Nigeria's national programme, helps prevent most cervical cancers. Vaccinated women still need screening.",
      ),
      h('5. Breast and prostate checks'),
      p(
        'Breast cancer is the most common cancer in Nigerian women. Know how your breasts normally look and feel, and see a doctor quickly about any lump, skin dimpling, change in the nipple or discharge. Ask for a breast examination at your check-ups, and ask whether a mammogram is right for you, especially if you are over 40 or breast cancer runs in your family.',
      ),
      p(
        'Prostate cancer is the most common cancer in Nigerian men, and men of African descent have a higher risk. From about age 40 to 50, talk to your doctor about the benefits and limits of a PSA blood test, especially if your father or brother had prostate cancer.',
      ),
      h('Make screening a habit'),
      list(
        'Pick one date each year, such as your birthday, for a check-up.',
        'Keep your results together, on paper or in a health record app, so you can see changes over time.',
        'If a result is not normal, go back for follow-up. A screening test only helps if you act on it.',
      ),
    ],
    sources: [
      {
        title: 'World Health Organization: Hypertension fact sheet',
        url: 'https://www.who.int/news-room/fact-sheets/detail/hypertension',
      },
      {
        title: 'World Health Organization: Diabetes fact sheet',
        url: 'https://www.who.int/news-room/fact-sheets/detail/diabetes',
      },
      {
        title: 'World Health Organization: Hepatitis B fact sheet',
        url: 'https://www.who.int/news-room/fact-sheets/detail/hepatitis-b',
      },
      {
        title: 'World Health Organization: HIV and AIDS fact sheet',
        url: 'https://www.who.int/news-room/fact-sheets/detail/hiv-aids',
      },
      {
        title: 'World Health Organization: Cervical cancer fact sheet',
        url: 'https://www.who.int/news-room/fact-sheets/detail/cervical-cancer',
      },
      {
        title: 'World Health Organization: Breast cancer fact sheet',
        url: 'https://www.who.int/news-room/fact-sheets/detail/breast-cancer',
      },
    ],
  },
  {
    slug: 'how-telehealth-can-save-you-a-trip-across-lagos',
    title: 'How telehealth can save you a trip across Lagos',
    category: 'Digital Health',
    date: '2025-02-25',
    excerpt:
      'A video or phone consultation can handle many everyday health needs without hours in traffic. Here is what telehealth is good for, what it cannot do, and how to get the most from it.',
    imageKey: 'blog-digital-health',
    imageDescription: 'A man at home talking to a doctor on a video call on his smartphone',
    objectPosition: 'center',
    reviewedBy: REVIEWER_GP,
    reviewedOn: '2025-02-20',
    body: [
      p(
        'Getting from Ikorodu to Victoria Island, or from Ajah to Ikeja, can take hours on a bad day. For many health needs, you may not need to make that journey at all. Telehealth, also called telemedicine, lets you talk to a doctor or another health worker by video call, phone call or secure chat, from your home or office.',
      ),
      h('What telehealth is good for'),
      list(
        'Follow-up visits for long-term conditions such as high blood pressure, diabetes or asthma, especially when you can share readings taken at home.',
        'Going through lab or scan results.',
        'Medicine reviews and repeat prescriptions, when the doctor judges it safe.',
        'Common, mild problems such as a cold, a mild skin rash or a stomach upset.',
        'Mental health support and counselling.',
        'Advice on whether you need to be seen in person, and where to go.',
      ),
      h('What telehealth cannot do'),
      p(
        'A doctor on a screen cannot listen to your chest, press on your tummy or take a blood sample. If you need an examination, a test or a scan, the doctor will tell you where to go.',
      ),
      p(
        `Telehealth is not for emergencies. If you have chest pain, severe difficulty breathing, heavy bleeding, a fit, or signs of a stroke such as a drooping face or a weak arm, or if you have fainted, ${emergencyCall}, or go straight to the nearest emergency department.`,
      ),
      h('How to get the most from your consultation'),
      list(
        'Find a quiet, private place with good light. Charge your phone or laptop and check your data or Wi-Fi before the call.',
        'Write down your symptoms: when they started, and what makes them better or worse.',
        'Keep your medicines, or photos of the packs, close by.',
        'If you have a blood pressure monitor, a glucose meter or a thermometer, take a reading just before the call.',
        'Have recent test results ready to share.',
        'Write down what the doctor advises, and ask what to do if you do not get better.',
      ),
      h('Your privacy matters'),
      p(
        'Health information is personal. Use a trusted service, avoid public Wi-Fi for consultations if you can, and make sure you know who will see your information. In Nigeria, the Nigeria Data Protection Act 2023 gives you rights over how your personal data, including health data, is collected and used. You can ask any provider how they store your records and who they share them with.',
      ),
      h('Saving time and money'),
      p(
        'A telehealth visit can save you transport costs, time off work and a long wait in a crowded clinic. It also means less contact with other sick people in a waiting room. For families, it can mean a quick answer on whether a worry can be handled at home or needs a hospital visit.',
      ),
      p(
        'Telehealth works best alongside in-person care, not instead of it. Used well, it means fewer trips across the city and faster answers when you need them.',
      ),
    ],
    sources: [
      {
        title: 'World Health Organization: Consolidated telemedicine implementation guide',
        url: 'https://www.who.int/publications/i/item/9789240059184',
      },
      {
        title: 'World Health Organization: Global strategy on digital health 2020-2025',
        url: 'https://www.who.int/publications/i/item/9789240020924',
      },
      {
        title: 'Nigeria Data Protection Commission',
        url: 'https://ndpc.gov.ng',
      },
    ],
  },
];

export function findBlogPost(slug: string): BlogPost | undefined {
  return blogPosts.find((post) => post.slug === slug);
}

/** The posts shown in the home page 'News & Health Insights' teaser. */
export const blogTeasers: BlogPost[] = blogPosts.slice(0, BLOG_TEASER_COUNT);

const countWords = (text: string): number => text.split(/\s+/).filter(Boolean).length;

/** Words in the article body (headings, paragraphs and list items). */
export function postWordCount(post: BlogPost): number {
  return post.body.reduce((total, block) => {
    if (block.kind === 'list') {
      return total + block.items.reduce((sum, item) => sum + countWords(item), 0);
    }
    return total + countWords(block.text);
  }, 0);
}
