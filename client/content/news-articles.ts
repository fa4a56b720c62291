import type { IllustrationKey } from '../components/illustration';
import { brand } from '../../shared/brand';

export type NewsArticle = {
  slug: string;
  title: string;
  /** YYYY-MM-DD */
  date: string;
  category: 'Company News';
  imageKey: IllustrationKey;
  fullArticleImageDescription: string;
  summary: string;
  /**
   * Trusted, hand-written HTML. Only <p>, <h2>, <ul>, <li>, <strong> and <em>,
   * with no attributes, links or scripts (checked in tests/client/content/articles.test.ts).
   */
  html: string;
};

export const newsArticles: NewsArticle[] = [
  {
    slug: 'reprohaven-launch-announcement',
    title: `${brand.name} launches ReproHaven, a support community for reproductive health`,
    date: '2025-05-20',
    category: 'Company News',
    imageKey: 'news-reprohaven',
    fullArticleImageDescription:
      'A small group of women talking and supporting each other in a bright, comfortable room',
    summary:
      'ReproHaven is a safe, moderated online community where people can ask questions, share experiences and find trusted information on reproductive health.',
    html: `<p><strong>Lagos, 20 May 2025.</strong> ${brand.name} today launched <strong>ReproHaven</strong>, an online support community for people dealing with reproductive health questions, from periods and contraception to fertility, pregnancy, pregnancy loss and menopause.</p>
<p>Reproductive health is still hard to talk about in many homes and workplaces. Many people live with fertility struggles, painful periods or conditions such as fibroids and endometriosis in silence, and turn to unreliable advice online. ReproHaven gives them a safe and respectful place to ask questions, share their experiences and find information they can trust.</p>
<h2>What members can expect</h2>
<ul>
<li><strong>Moderated discussion groups</strong> on topics such as trying to conceive, pregnancy and new parenthood, living with fibroids or endometriosis, and menopause.</li>
<li><strong>Expert sessions</strong> where doctors, nurses, midwives and counsellors answer questions in plain language.</li>
<li><strong>Clear, reviewed guides</strong> written in everyday words and checked by clinicians.</li>
<li><strong>Privacy choices</strong>, including the option to take part under a display name instead of your real name.</li>
<li><strong>A path to care</strong>: members who need personal advice can book a virtual consultation with a doctor.</li>
</ul>
<h2>Support, not a substitute for care</h2>
<p>ReproHaven offers support and general information. It does not replace medical care. We encourage members to see a doctor about heavy or very painful periods, or about difficulty getting pregnant after a year of trying (or six months if you are 35 or older).</p>
<p><em>Heavy bleeding or severe tummy pain during pregnancy is an emergency. Go to the nearest hospital straight away.</em></p>
<h2>How to join</h2>
<p>ReproHaven is free. Sign up for a free account on our website to join, and look out for news of upcoming expert sessions in our newsletter.</p>`,
  },
  {
    slug: `${brand.slug}-partnerships-holistic-care`,
    title: `${brand.name} partners with hospitals and fitness centers for holistic care`,
    date: '2025-05-19',
    category: 'Company News',
    imageKey: 'news-partnerships',
    fullArticleImageDescription:
      'A doctor and a fitness trainer shaking hands, with a hospital on one side and a gym on the other',
    summary: `${brand.name} is partnering with hospitals and fitness centers in Lagos to connect medical care, exercise and everyday wellness.`,
    html: `<p><strong>Lagos, 19 May 2025.</strong> ${brand.name} is forming partnerships with hospitals and fitness centers across Lagos, to bring medical care, exercise and everyday wellness together in one connected experience for our members.</p>
<p>Good health is about more than treating illness. It also depends on how we move, eat, sleep and handle stress. These partnerships make it easier for members to look after all of these, with support from professionals who can see the bigger picture.</p>
<h2>Partner hospitals</h2>
<ul>
<li><strong>Smoother referrals</strong> from a virtual consultation to in-person specialist care, lab tests and scans.</li>
<li><strong>Less repeating yourself</strong>: with your consent, relevant health records can be shared with the team caring for you.</li>
<li><strong>Follow-up by video</strong> after a hospital visit, so you do not have to travel for every check.</li>
</ul>
<h2>Partner fitness centers</h2>
<ul>
<li><strong>Exercise programs that fit your health</strong>, for example if you are managing high blood pressure or diabetes, or getting back to activity after an injury.</li>
<li><strong>Qualified trainers</strong> who work alongside your care plan.</li>
<li><strong>Member rates</strong> at participating centers.</li>
</ul>
<h2>Why holistic care matters</h2>
<p>Regular physical activity lowers the risk of heart disease, stroke, type 2 diabetes and some cancers, and it can improve mood and sleep. Linking doctors with fitness professionals helps members turn medical advice into daily habits that last.</p>
<p>If you have a long-term condition, are pregnant or have not exercised for a while, <em>check with your doctor before starting a new exercise program</em>.</p>
<p>We will share the list of partner hospitals and fitness centers as each partnership goes live.</p>`,
  },
];

export function findNewsArticle(slug: string): NewsArticle | undefined {
  return newsArticles.find((article) => article.slug === slug);
}
