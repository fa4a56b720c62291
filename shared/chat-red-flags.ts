/**
 * Signs of a medical emergency or a risk to life, as visitors write them in the chat, in everyday English and
 * Nigerian Pidgin. A visitor's message that shows one gets the emergency reply (112 / 767) at once and marks the
 * conversation Urgent (issues #6, #14, #23.5). This file is the whole of the medical knowledge; the matcher in
 * server/chat/red-flags.ts only applies it. Err on the side of flagging: a needless emergency reply costs less
 * than a missed one.
 *
 * HOW TO READ (for the clinical reviewer)
 * A message is first normalised: lower case, accents and punctuation dropped ("can't" -> cant, "baby's" -> baby),
 * letters held down collapsed ("bleeeding" -> bleeding), common misspellings corrected (`spellings`), and a few
 * word runs joined (`rewrites`: "no fit", "cannot", "unable to" -> cant). Then each group below fires when:
 *   - one of its `signs` appears, and
 *   - if the group has `near`, one of those appears in the same sentence, at most `within` words away (8 if not
 *     given), and
 *   - the sign is not ruled out: no negator ("no", "not", "never", "didn't", ...) in the three words before it, in
 *     its clause ("or" carries one along a list: "no fever or chest pain"); no past-event words in its clause
 *     ("last year", "years ago", clause-final "before"); no resolution words in its clause, or later in its
 *     sentence in a clause pointing back (`referBack`: "but it went away", "e don stop"); and none of the group's
 *     `unless` words in its clause (other meanings: "stroke of luck", "blood test").
 *     "Still", "since", "today" and the like in the clause undo the past-event check (it is happening now), and
 *     "again", "started", "came back" after a resolution word undo it.
 * Phrase notation: words are separated by spaces; `a|b` means either word; `word*` is any word starting so
 * (bleed* = bleed, bleeds, bleeding); `?` after a word makes it optional; `@name` is any word of `wordClasses`;
 * `$` is the end of a clause. Signs of absence carry their own negation ("not breathing", "no dey move"), so
 * for them the negator is part of the sign and only a negator before it counts.
 * Sentences end at . ? and a line break; clauses also at , ; : ! and at the words of `clauseStarters` (and, but...).
 */

export type RedFlagCategory =
  | 'maternal'
  | 'child'
  | 'stroke'
  | 'poisoning'
  | 'burn'
  | 'snakebite'
  | 'injury'
  | 'collapse'
  | 'seizure'
  | 'self-harm'
  | 'chest'
  | 'breathing'
  | 'bleeding'
  | 'pain';

export type RedFlagGroup = {
  category: RedFlagCategory;
  /** The sign in a few words, for people reading logs and this file. */
  name: string;
  signs: readonly string[];
  /** Context that must be in the same sentence, at most `within` words from the sign. */
  near?: readonly string[];
  within?: number;
  /** Words that, in the sign's clause, mean something else is meant. */
  unless?: readonly string[];
  /**
   * The context is an event of its own (a birth): a past time right after it, with the context between it and the
   * sign, dates the context and not the sign ("bleeding heavily after she gave birth last week").
   */
  contextHasItsOwnTime?: boolean;
};

/** Word lists used in phrases as `@name`, separated by spaces; single words (`word*` allowed, as in phrases). */
export const wordClasses = {
  // Negation that turns a sign of life into a sign of absence ("not breathing", "e no dey move", "never move").
  // Pidgin "never" means "not yet" / "has not": "the baby never move since morning".
  not: `not no nor never isnt wasnt arent aint dont doesnt didnt wont hasnt havent`,
  // Optional linking words between a subject and a state: "is", "dey", "don", "has been".
  be: `is are was were be been being dey de don has have had keeps keep still just suddenly`,
  very: `very so too really extremely seriously quite well`,
  // Whose body it is. Used to tell "he is not moving" from "the queue is not moving".
  person: `
    he she e him her am im they them husband wife man woman mother father mum mom mummy mommy mama dad daddy
    papa brother sister grandma grandpa granny grandmother grandfather uncle aunty auntie aunt person somebody
    someone neighbour neighbor friend patient oga madam boss colleague cousin body inlaw inlaws
  `,
  // A child or baby (born): the danger signs of a sick child apply.
  child: `baby babies pikin child children kid kids son daughter boy girl newborn infant toddler twins twin nwa omo`,
  number: `# a one two three four five six seven eight nine ten eleven twelve few`,
  // Seizure words that mean a fit on their own, in any sentence.
  seizure: `seizure seizures seizing convulse convulses convulsed convulsing convulsion convulsions`,
  // Medicines a person can take too many of.
  pills: `
    pills pill tablets tablet tabs drugs drug capsules medicine medicines medication medications paracetamol
    panadol tramadol codeine sleeping insulin
  `,
  // Swallowing or drinking something.
  swallowed: `
    drank drink drinks drinking drunk swallow swallowed swallowing took take taken taking ate eat eaten chop
    chopped consumed ingested overdosed
  `,
  // Household and farm poisons people drink by accident or on purpose.
  poison: `
    poison poisons kerosene bleach jik parazone hypo izal dettol sniper snipper pesticide pesticides insecticide
    insecticides herbicide gammalin otapiapia ratpoison petrol diesel detergent caustic paraquat rodenticide
    baygon
  `,
  vehicle: `
    car cars motor okada keke bus danfo molue brt bike motorbike motorcycle truck trailer lorry tanker vehicle
    taxi tricycle jeep
  `,
  bodyPart: `
    hand hands arm arms leg legs foot feet face body skin chest back neck head finger fingers thigh belly
    stomach tummy shoulder eye eyes
  `,
} as const satisfies Record<string, string>;

/** Misspellings and other spellings, listed after the word the groups use. Applied to single words. */
export const spellings: Readonly<Record<string, string>> = {
  // breathing
  breath: `breth breat breeth`,
  breathe: `brethe breate`,
  breathing: `breathin brething breating breathng breahting breathig`,
  // bleeding, blood
  bleeding: `bleading bleding bledding bleedin bleedn bleedind`,
  blood: `blud blod`,
  // consciousness
  unconscious: `unconcious unconsious unconscius unconsciuos unconcsious unconsciouse uncouncious unconscios`,
  unresponsive: `unresponsve`,
  collapse: `colapse collaps`,
  collapsed: `colapsed collasped collaped`,
  fainted: `fainded fanted`,
  // seizures
  seizure: `siezure seizuer sezure seisure seazure`,
  seizures: `siezures`,
  convulsion: `convultion convulsionn comvulsion convusion convolsion convulssion`,
  convulsing: `convulsin`,
  // poisons and medicines
  poison: `poision poisin posion pioson`,
  poisoned: `poisonned`,
  kerosene: `kerosine kerosen kerosin karosine kerocine`,
  overdose: `overdoze`,
  overdosed: `overdozed`,
  bleach: `bleech`,
  paracetamol: `parasetamol paracetamo`,
  tablets: `tabs`,
  // pregnancy and birth
  pregnant: `pregnent pregant pregnat pragnant prenant`,
  pregnancy: `pregnacy pregnancey`,
  delivery: `delivary delievery`,
  delivered: `deliverd delivred`,
  postpartum: `postpatum pospartum`,
  belle: `bele bellle`,
  // people and Pidgin spellings
  pikin: `pickin pikkin pikiin`,
  dey: `deh de`,
  them: `dem`,
  mummy: `mumi`,
  baby: `bby`,
  how: `hw`,
  when: `wen`,
  with: `wit`,
  please: `plz pls`,
  himself: `hisself`,
  herself: `herslf`,
  myself: `mysef myslf`,
  // others
  accident: `accidint acident accedent accidant acccident`,
  suicide: `sucide suiside suicid`,
  suicidal: `sucidal suicidial`,
  snake: `snak snek`,
  biting: `bitting`,
  stroke: `strock storke`,
  chest: `chesst chect`,
  pain: `pian`,
  paining: `paning painin`,
  vomiting: `vomitting vommiting`,
  vomited: `vomitted`,
  difficulty: `diffculty dificulty difficulity`,
  cant: `couldnt cudnt cnt kant cannot`,
  dont: `dnt`,
  doesnt: `doesent`,
  didnt: `didint`,
  wasnt: `wasent`,
  seriously: `seriouly serously`,
  lot: `alot`,
  too: `tooo`,
  weakness: `weakeness`,
  numbness: `numbess`,
};

/** Word runs read as one word (after spellings). "no fit" is Pidgin for "cannot". */
export const rewrites: readonly (readonly [string, string])[] = [
  ['can not', 'cant'],
  ['could not', 'cant'],
  ['unable to', 'cant'],
  ['not able to', 'cant'],
  ['no fit', 'cant'],
  ['no able', 'cant'],
  ['do not', 'dont'],
  ['does not', 'doesnt'],
  ['did not', 'didnt'],
  ['is not', 'isnt'],
  ['was not', 'wasnt'],
  ['will not', 'wont'],
  ['has not', 'hasnt'],
  ['have not', 'havent'],
  ['no gree', 'wont'],
  ['rat poison', 'ratpoison'],
  ['self harm', 'selfharm'],
  ['snake bite', 'snakebite'],
  ['snake bites', 'snakebite'],
  ['new born', 'newborn'],
  ['check up', 'checkup'],
  ['post partum', 'postpartum'],
  ['c section', 'csection'],
  // A comparison, not a past event: "not moving like before".
  ['like before', 'likebefore'],
  ['as before', 'asbefore'],
  ['as much as before', 'asbefore'],
];

/** Words that start a new clause (as . , ; : ! do): a negation or past time does not reach past them. */
export const clauseStarters = `and but then so because cos though although however while whereas`;

/** Words in the three before a sign that rule it out ("no chest pain", "never had a seizure"). */
export const negators = `
  no not never nor without denies denied dont doesnt didnt isnt wasnt werent arent aint hasnt havent hadnt wont
  neither nothing none
`;

/** After "no", these words show an exclamation, not a negation: "oh no my baby is fitting". */
export const exclamationAfterNo = `he she e i my the they we him her it our your abeg o oh please god help jesus mama`;

/** In a sign's clause, these words mean it happened in the past and is not happening now. */
export const pastEvent: readonly string[] = [
  'last week|month|year|christmas|easter|sallah',
  'weeks|months|years ago',
  'a while ago',
  'long ago',
  'long time ago',
  'years back',
  'in year#',
  'as a child|kid|baby|teenager',
  'when i|he|she was a? young|small|little|child|kid|teenager|younger',
  'in the past',
  'history of',
  'used to',
  'before $',
  'before now',
  'before but',
  'once before',
  'previous|previously',
  'ever since childhood',
];

/** After a sign, in its sentence: it has ended. Ignored when negated ("has not stopped", "no gree stop"). */
export const resolved: readonly string[] = [
  'went|gone|go away',
  'has|have|is|don gone|go',
  'has|have|had stopped',
  'stopped',
  'don stop',
  'don go',
  'better now',
  'fine now',
  'ok|okay now',
  'normal now',
  'is|don better',
  'resolved',
  'healed',
  'recovered',
  'don recover',
  'cleared',
];

/**
 * A resolution word in a later clause counts for a sign only when that clause points back to it with one of these
 * ("bleeding, but it has stopped"); "bleeding heavily and her headache has gone" is about something else.
 */
export const referBack = `it e that this everything all she he they am`;

/** In a sign's clause, these words mean it is happening now (they cancel the past-event words). */
export const ongoing: readonly string[] = [
  'since',
  'still',
  'again',
  'currently',
  'right now',
  'today',
  'tonight',
  'this morning|afternoon|evening|night',
  'at the moment',
  'keeps|keep',
];

/** After a resolution word, in the same sentence, these mean it came back: "stopped but started again". */
export const resumed: readonly string[] = [
  'again',
  'still',
  'started|start|starting',
  'is|has come back',
  'came back',
  'don come back',
  'returned',
];

// Shared pieces of the maternal groups.
const pregnancy = [
  'pregnan*',
  'carry|carrying|carries belle',
  'get|got|with|has belle',
  'belle don reach',
  'expecting',
  'antenatal',
  'trimester',
  '@number weeks|months gone',
  'in labour|labor',
  'womb',
];
const afterBirth = [
  'after|since|wey|when she|e|i|wife|madam|mama born',
  'she|e|i|wife|sister|madam|mama|daughter|woman|mother|patient don|just born',
  // Pidgin "she born" is "she gave birth" (English says "she was born").
  'she|e|i|wife|sister|madam|mama|daughter|woman|mother|patient born',
  'after|since birth|childbirth|labour|labor|delivery|delivering|delivered|csection|caesarean|cesarean|cs',
  'after|since the|her|my delivery|birth|labour|labor|csection|caesarean|cesarean|cs|operation',
  'after giving birth',
  'gave|give|given birth',
  'giving birth',
  'just delivered',
  'delivered',
  'deliver',
  'postpartum|postnatal',
  'placenta',
  'after the baby came',
  'newly delivered',
];
// A child named by age: "my 2 year old", "3 week old baby".
const child = ['@child', '@number year|years|yr|yrs|month|months|week|weeks|day|days old', 'year|month|week|day old'];
const seizureWords = [
  '@seizure',
  'fitting',
  'having|has|had|get|got|getting|dey|with|another a? fit|fits',
  'dey fit $|o|oh|abeg|again|since|now|seriously|and|for|like',
  'fit dey catch',
  'jerking|jerks|jerk',
  'body @be? jerk*|shak*|stiff*',
  'foam* from|at|for the? mouth',
  'eye|eyes dey|are|were|is|keep? roll*',
];
// "Fit" and "fitting" as in clothes, tantrums and fitness, not convulsions.
const otherFits = [
  'shoe*',
  'cloth*',
  'dress*',
  'gown*',
  'trouser*',
  'shirt*',
  'wig*',
  'uniform*',
  'size*',
  'tailor',
  'fitting room',
  'fitting on|for|is|appointment|date|session',
  'fit|fits|fitting well|nicely|perfectly|fine $',
  'fit of',
  'throw|threw|throwing|thrown a fit',
  'keep fit',
  'fit|fits into',
];
const absentBreathing = [
  'cant breathe|breath',
  '@not @be? breathing|breathe|breath',
  'stopped|stop breathing',
  'breathing @be? stopped|stop',
  'struggling|struggle|fighting to|for breath|breathe|air',
  'gasping|gasp|gasps',
  'not getting air',
];

export const chatRedFlagGroups: readonly RedFlagGroup[] = [
  // ——— Maternal ———

  // Bleeding in pregnancy or after birth (antepartum / postpartum haemorrhage, miscarriage, ectopic). Any
  // bleeding counts: a pregnant or newly delivered woman should not wait to judge the amount.
  {
    category: 'maternal',
    name: 'bleeding in pregnancy or after birth',
    signs: [
      'bleed*',
      'bled',
      'blood',
      'passing|pass|losing|lost|loose blood|clots',
      'clots',
      'haemorrhag*',
      'hemorrhag*',
    ],
    near: [...pregnancy, ...afterBirth],
    within: 12,
    contextHasItsOwnTime: true,
    // Blood as a test, a level or a tonic is routine antenatal care.
    unless: [
      'blood test|group|count|pressure|sugar|work|result*|donation|bank|type|level|tonic|shortage',
      'test',
      'gums',
      'donat*',
      'low|high blood',
      'pcv',
      'hb',
      'haemoglobin',
      'hemoglobin',
      'iron',
    ],
  },
  // Waters breaking (rupture of membranes): needs a labour ward, whatever the week.
  {
    category: 'maternal',
    name: 'waters breaking',
    signs: [
      'water|waters @be? break|broke|broken|burst|rupture*|leak*|leaking|pour*|gush*|bursting',
      'water|waters @be? come|came|coming|comot|commot|comes out?',
      'water bag @be? break|broke|broken|burst',
      'fluid* @be? leak*|pour*|gush*|coming',
    ],
    unless: [
      'pipe*',
      'tap',
      'tank',
      'borehole',
      'bottle*',
      'heater',
      'dispenser',
      'meter',
      'sachet',
      'roof',
      'ceiling',
      'dam',
      'water board|main|mains|line|bill',
      'kettle',
      'engine',
      'radiator',
      'ear*',
      'nose',
    ],
  },
  // The baby in the womb not moving (reduced or absent fetal movements).
  {
    category: 'maternal',
    name: 'baby not moving in the womb',
    signs: [
      'baby|pikin @be? @not @be? move|moving|moved|kick|kicking|kicked',
      'baby|pikin @be? stopped|stop moving|kicking',
      'baby|pikin for|in|inside my|the|her? belle|womb|stomach|tummy|me @be? @not @be? move|moving|moved|kick|kicking|kicked',
      'cant feel the|my|am|her? baby|pikin',
      '@not @be? feel|feeling|felt the|my|am|her? baby|pikin',
      'fetal|foetal|baby movement|movements @be? reduce*|stop*|gone|less',
      'reduced|less|fewer|no fetal|foetal|baby movement*',
      'belle @be? @not @be? move|moving',
    ],
  },
  // The same without the baby in the sign ("I can't feel any kicks", "no movement since morning"): a pregnancy
  // or the baby must be named nearby.
  {
    category: 'maternal',
    name: 'no movements felt in pregnancy',
    signs: [
      // "I can't feel any kicks".
      'cant feel any? movement*|kick*|am|it',
      'no movement|movements|kick|kicks|kicking',
      'reduced|less|fewer movement*',
      'stopped kicking|moving',
    ],
    near: [...pregnancy, 'baby', 'pikin', 'belle'],
    within: 8,
  },
  // Fits, severe headache or blurred sight in pregnancy or after birth (eclampsia, pre-eclampsia).
  {
    category: 'maternal',
    name: 'fits or pre-eclampsia signs in pregnancy or after birth',
    signs: [
      ...seizureWords,
      'collapse*',
      'faint*',
      'unconscious',
      'shaking',
      'severe|serious|terrible|bad headache',
      'headache @be? well well',
      'headache @be? too much',
      'headache wont go',
      'blurr*',
      'cant see well|clearly|properly',
      'seeing stars',
      'severe|serious|terrible belly|stomach|abdominal|tummy pain',
      'belle|stomach|tummy @be? pain* me? well well',
      'belle|stomach|tummy @be? pain* me? too much|seriously',
    ],
    near: [...pregnancy, ...afterBirth],
    within: 12,
    contextHasItsOwnTime: true,
    unless: [...otherFits, 'faint line|lines|positive'],
  },

  // ——— A sick child (baby, toddler, child) ———

  // A child not breathing, struggling to breathe or turning blue.
  {
    category: 'child',
    name: 'child not breathing or turning blue',
    signs: [
      ...absentBreathing,
      'turn|turns|turned|turning|gone|go|went|don|dey|is|are|looks|look|looking blue|purple|bluish',
      'lips|lip|face|tongue|skin @be? blue|bluish|purple',
      'blue|bluish lips|face',
      // Fast or laboured breathing in a child (pneumonia danger signs).
      'breathing @be? @very? fast|hard|noisy|heavy',
      'chest @be? going|pulling|sucking|drawing|sinking in',
      'grunting',
    ],
    near: child,
    within: 8,
  },
  // A child having a fit (febrile or other convulsions).
  {
    category: 'child',
    name: 'child having fits',
    signs: seizureWords,
    near: child,
    within: 8,
    unless: otherFits,
  },
  // A baby or child not feeding, floppy, not waking or not responding.
  {
    category: 'child',
    name: 'child not feeding, floppy or unresponsive',
    signs: [
      '@not @be? feed|feeding|fed|suck|sucking|sucked|breastfeed*|breastfed|latch*',
      '@not @be? take|taking|collect breast|feed|milk|bottle',
      '@not @be? eat|eating|chop|chopping at all',
      '@not @be? eat|eating|chop|chopping anything since',
      'cant feed|suck|breastfeed|latch|swallow',
      'refus* to? feed|suck|breastfeed|latch|breast',
      'wont feed|suck|eat|breastfeed|latch|wake|move',
      'stopped|stop feeding|sucking|eating|breastfeeding',
      'floppy',
      'limp',
      '@not @be? move|moving|waking|respond*|wake',
      'cant wake',
      'unconscious',
      'unresponsive',
    ],
    near: child,
    within: 8,
    unless: ['walk*', 'with a limp', 'school', 'vegetable*', 'homework', 'lesson*', 'house', 'abroad'],
  },

  // ——— Stroke (FAST: face, arm, speech) ———

  // A named stroke, happening now or just now.
  {
    category: 'stroke',
    name: 'stroke',
    signs: ['stroke'],
    near: ['having|had|has|have|get|got|getting|don|suffer*|think|thinks|suspect*|maybe|na|possible|mild'],
    within: 3,
    unless: [
      'stroke of',
      'clinic',
      'unit',
      'rehab*',
      'awareness',
      'prevent*',
      'risk*',
      'specialist*',
      'survivor*',
      'physio*',
      'centre',
      'center',
      'ward',
      'support',
      'class',
      'classes',
      'brush',
      'swim*',
      'golf',
      'tennis',
    ],
  },
  // A face or mouth suddenly twisted, drooping or pulled to one side.
  {
    category: 'stroke',
    name: 'face drooping or twisted',
    signs: [
      'twist*',
      'droop*',
      'crooked',
      'lopsided',
      'slant*',
      'one side',
      'sided',
      'skew*',
      'uneven',
      'fall* to one side',
      'dey go one side',
    ],
    near: ['face', 'mouth', 'lip', 'lips', 'smile', 'eye', 'eyelid'],
    within: 5,
    unless: [
      'swell*',
      'swollen',
      'rash*',
      'pimple*',
      'acne',
      'tooth*',
      'teeth',
      'ankle',
      'knee',
      'wrist',
      'cream',
      'makeup',
      'photo*',
      'picture*',
      'ugly',
      'disgust*',
      'angry',
      'frown*',
    ],
  },
  // Weakness, numbness or paralysis of one side of the body.
  {
    category: 'stroke',
    name: 'one side weak or numb',
    signs: [
      'weak*',
      'numb',
      'numbness',
      'paraly*',
      '@not? get|got|have|has? no? power|strength',
      'heavy',
      'dead',
      'drag*',
      'limp',
      'cant move|lift|raise|use|feel|hold|control',
      '@not @be? move|moving|working',
      'stopped working',
    ],
    near: [
      'one side',
      'left|right side|hand|arm|leg|foot|half',
      'half of? his|her|my|the|im? body',
      'one hand|arm|leg',
      'arm and leg',
      'hand and leg',
      'arm and face',
    ],
    within: 6,
    unless: ['gym', 'workout', 'exercise', 'football', 'match', 'sprain*', 'sleep paraly*'],
  },
  // Paralysis said outright, or suddenly unable to move or stand. Sleep paralysis is not meant.
  {
    category: 'stroke',
    name: 'sudden paralysis',
    signs: ['paralysed|paralyzed|paralysis', 'suddenly cant move|walk|stand'],
    unless: ['sleep'],
  },
  // Speech suddenly slurred, confused or lost.
  {
    category: 'stroke',
    name: 'speech slurred or lost',
    signs: [
      'slur*',
      'speech @be? slur*|gone|strange|funny|jumbled|thick|unclear|affected',
      'words @be? @not @be? coming out',
    ],
  },
  // Cannot talk or speak: a stroke sign when sudden or with other stroke signs nearby. Alone it is too often
  // "I can't talk now".
  {
    category: 'stroke',
    name: 'sudden loss of speech',
    signs: ['cant talk|speak', 'stopped|stop talking|speaking', 'lost his|her|the|im? speech|voice'],
    near: [
      'sudden*',
      'just',
      'anymore',
      'again',
      'properly',
      'one side',
      'face',
      'mouth',
      'arm',
      'weak*',
      'droop*',
      'twist*',
      'stroke',
      'confused',
    ],
    within: 6,
    // Someone who types "I can't talk" is busy, not losing speech.
    unless: [
      'i cant talk|speak',
      'talk|talking|speak|speaking to|with',
      'busy',
      'meeting',
      'phone',
      'call',
      'cold',
      'catarrh',
      'sore throat',
    ],
  },
  // The worst or sudden severe headache (bleeding in the brain).
  {
    category: 'stroke',
    name: 'worst ever headache',
    signs: ['worst headache', 'thunderclap', 'sudden severe headache', 'worst head pain'],
  },

  // ——— Poisoning and overdose ———

  // Drinking or swallowing a household or farm poison (kerosene, bleach, 'sniper' insecticide...).
  {
    category: 'poisoning',
    name: 'swallowed a poison',
    signs: ['@poison'],
    near: ['@swallowed', 'wan drink|take', 'inside|in his|her|the mouth', 'mouth', 'poisoned'],
    within: 6,
    unless: ['food', 'price', 'buy', 'sell', 'where', 'fumes', 'smell*', 'clean*', 'wash*', 'toilet', 'mop*'],
  },
  // Poisoning said outright. Food poisoning and lead or blood poisoning are other questions.
  {
    category: 'poisoning',
    name: 'poisoned',
    signs: ['poisoned', 'poisoning', 'don take|drink|swallow poison'],
    unless: ['food', 'lead', 'blood'],
  },
  // An overdose said outright.
  {
    category: 'poisoning',
    name: 'overdose',
    signs: ['overdose|overdosed|overdosing', 'over dose|dosed'],
  },
  // Too many tablets, a whole pack, all of someone's pills, swallowed by accident (a child) or on purpose.
  {
    category: 'poisoning',
    name: 'too many tablets',
    signs: [
      'too many|much @pills',
      'all his|her|my|the|im|di? @pills',
      'whole|full|entire bottle|pack|packet|sachet|card|strip|box of? @pills?',
      'plenty|lot of? my|his|her|the? @pills',
      'handful of? @pills',
    ],
    near: ['@swallowed', 'poison*'],
    within: 6,
    unless: [
      'prescribed',
      'prescription',
      'course',
      'refill',
      'instructed',
      'directed',
      'advised',
      'daily',
      'every day|morning|night',
    ],
  },

  // A child who swallowed any medicine, a button battery or magnets: even one adult tablet can harm a toddler.
  // "Took his tablets" is not meant (a child's own medicine), so only swallowing words count.
  {
    category: 'poisoning',
    name: 'a child swallowed medicine or a battery',
    signs: [
      'swallow|swallowed|swallowing|ate|eat|chop|chopped|drank|drink a|an|some|the|my|his|her|your|our|mummy|daddy|grandma? @pills|battery|batteries|magnet|magnets',
    ],
    near: child,
    within: 6,
  },

  // ——— Burns and scalds ———
  // A burn from fire, hot liquid, gas, chemicals or electricity. "Burning" alone is often a feeling (heartburn,
  // burning urine, burning feet), so the source must be named.
  {
    category: 'burn',
    name: 'burn or scald from a named source',
    signs: [
      'burn',
      'burns',
      'burnt',
      'burned',
      'burning',
      'scald*',
      'fire catch|burn|burnt am|him|her|me|my',
      'caught fire',
      'on fire',
    ],
    near: [
      'hot water|oil|tea|pap|soup|iron|pot|food',
      'boiling',
      'fire',
      'flame*',
      'gas',
      'stove',
      'cylinder',
      'explosion',
      'exploded',
      'explode',
      'blast',
      'kettle',
      'pot',
      'iron',
      'acid',
      'petrol',
      'kerosene',
      'electric*',
      'candle',
      'lamp',
      'generator',
      'cooking',
    ],
    within: 6,
    unless: [
      'heartburn',
      'sensation',
      'feeling',
      'feel',
      'pee*',
      'urin*',
      'rice',
      'food @be? burnt',
      'calorie*',
      'fat',
      'reflux',
      'fuel',
      'money',
      'petrol price',
    ],
  },
  // A burn on the body: burnt or scalded skin, blisters, burns on an arm.
  {
    category: 'burn',
    name: 'burnt or scalded body',
    signs: ['burnt', 'burned', 'burns', 'scald*', 'got burn*'],
    near: [
      'his|her|my|im|am|the|baby|pikin @bodyPart',
      'skin',
      'all over',
      'whole body',
      'badly',
      'severe*',
      'serious*',
      'blister*',
      'peel*',
      'degree',
    ],
    within: 5,
    unless: ['sun', 'sunburn', 'heartburn', 'calorie*', 'fat', 'sensation', 'feeling'],
  },
  // Hot water, oil or pap poured or spilt on someone, or fire on them, without the word "burn".
  {
    category: 'burn',
    name: 'hot liquid or fire on a person',
    signs: ['hot water|oil|tea|pap|soup|food', 'boiling water|oil', 'fire'],
    near: [
      'pour*',
      'spill*',
      'splash*',
      'fell|fall on',
      'burn*',
      'scald*',
      'catch him|her|am|me|my',
      'blister*',
      'peel*',
    ],
    within: 5,
    unless: ['bath', 'bathe', 'drink', 'price', 'flask', 'safety', 'extinguisher', 'drill'],
  },

  // ——— Snake bites ———
  // A snake that bit someone, in any word order: "snake bite am", "bitten by a snake".
  {
    category: 'snakebite',
    name: 'snake bite',
    signs: ['snake', 'snakes', 'viper', 'cobra', 'adder', 'mamba'],
    near: ['bite*', 'bit', 'bitten', 'biting'],
    within: 6,
    unless: ['dream*', 'movie', 'film'],
  },
  // "Snake bite" as a noun: an emergency when it is someone's, now, not a question about treatment.
  {
    category: 'snakebite',
    name: 'a snake bite on someone',
    signs: ['snakebite'],
    near: ['@person', ...child, 'me', 'my', '@bodyPart', 'help', 'what', 'now', 'just', 'swell*', 'farm', 'bush'],
    within: 6,
    unless: ['dream*', 'movie', 'film'],
  },

  // ——— Injuries: road accidents, head injuries, wounds ———
  // A road accident, named with a vehicle or the road. "Accident" alone is too often a child's toilet accident
  // or an insurance claim.
  {
    category: 'injury',
    name: 'road accident',
    signs: ['accident*', 'crash*', 'collision', 'hit and run'],
    near: [
      '@vehicle',
      'road',
      'expressway',
      'express',
      'highway',
      'third mainland',
      'bridge',
      'hit',
      'knock*',
      'run over',
      'ran over',
      'somersault*',
      'pedestrian',
    ],
    within: 8,
    unless: [
      'insurance',
      'claim*',
      'report',
      'police report',
      'form',
      'toilet',
      'wet',
      'pee*',
      'nappy',
      'diaper',
      'lawyer',
    ],
  },
  // Hit, knocked down or run over by a vehicle.
  {
    category: 'injury',
    name: 'hit by a vehicle',
    signs: [
      'hit|knocked|knock|jam|jammed|run|ran|crushed down|over? by? a|an|the|one? @vehicle',
      '@vehicle hit|knock|knocked|jam|jammed|run|ran|crushed',
    ],
  },
  // An injury to the head: a wound, cut, crack, bleeding, a broken skull.
  {
    category: 'injury',
    name: 'head injury',
    signs: [
      'injur*',
      'wound*',
      'crack*',
      'gash*',
      'broke*',
      'split*',
      'fractur*',
      'bleed*',
      'blood',
      'open',
      'bash*',
      'smash*',
      'dent*',
      'concussion',
    ],
    near: ['head', 'skull', 'forehead'],
    within: 4,
    unless: ['phone', 'screen', 'shower', 'head of', 'pressure', 'lice'],
  },
  // A fall from a height: a roof, stairs, a tree, a ladder, a building, an okada.
  {
    category: 'injury',
    name: 'fall from a height',
    signs: ['fell|fall|falls|falling|fallen|jump*'],
    near: [
      'roof',
      'storey',
      'story',
      'stairs',
      'staircase',
      'tree',
      'ladder',
      'building',
      'balcony',
      'upstairs',
      'height',
      'scaffold*',
      'window',
      'bridge',
      'second|third|first floor',
      'pole',
      '@vehicle',
    ],
    within: 5,
    unless: ['love', 'asleep', 'sleep'],
  },
  // Stab wounds, gunshots, machete or cutlass wounds, deep cuts.
  {
    category: 'injury',
    name: 'stab or gunshot wound',
    signs: [
      'stab|stabbed|stabbing',
      'gunshot',
      'shot him|her|me|my|am|at|dead',
      'bullet*',
      'machete*',
      'cutlass*',
      'matchet*',
      'deep cut|wound',
      'knife wound',
      'got|been|was|were|is shot',
    ],
    unless: ['pain|vaccine|flu|booster|injection shot', 'photo*', 'camera', 'screenshot*'],
  },
  // Drowning, and electric shock ("NEPA shock am").
  {
    category: 'injury',
    name: 'drowning or electric shock',
    signs: ['drown*', 'electrocut*', 'electric shock', 'nepa|current|light|wire shock|shocked him|her|am|me|my'],
  },

  // ——— Collapse, unconsciousness ———
  // Collapse, fainting, passing out, unconsciousness, not responding, not waking. Other senses: a faint line
  // on a test, "passed out" of a school (graduated), a building that collapsed, an app not responding.
  {
    category: 'collapse',
    name: 'collapsed, fainted or unconscious',
    signs: [
      'collapse',
      'collapsed',
      'collapsing',
      'faint',
      'fainted',
      'fainting',
      'faints',
      'passed|pass|passes|passing out',
      'blacked|black|blacking out',
      'unconscious',
      'unresponsive',
      'knocked out',
      'slumped',
      'lifeless',
      'motionless',
      'no pulse',
      'no heartbeat',
      '@not @be? respond|responding|responsive|waking|wake',
      'wont|cant wake',
      'eyes @be? rolling|rolled',
    ],
    unless: [
      'faint line|lines|smell|sound|voice|hope|idea|memory|outline|mark|stain|colour|color|positive',
      // Nigerian English: "passed out" of a school is graduating.
      'passed|pass|passing out from|of the? school|university|college|uni|poly*|secondary|academy|camp|nysc|unilag|law|seminary|training',
      'passing out parade|ceremony',
      'building|bridge|roof|house|stage|economy|business|market|tent|ceiling|wall|company|bank|network @be? collapse*',
      'respond|responding|responsive to my|our|your|the? message*|text*|call*|mail*|email*|chat|treatment|medicine|drug*|dm',
      'app|website|site|page|portal|system|server|laptop|computer|screen|link|button|email|phone|network @be? @not @be? respond*|responding|working',
    ],
  },
  // A person lying still: "he is not moving", "e no dey move", dropped to the floor. A queue, traffic, a
  // business or bowels are not meant.
  {
    category: 'collapse',
    name: 'a person not moving',
    signs: [
      '@not @be? move|moving|moved',
      'fell down and @be? @not',
      'dropped|drop|slumped|slump down? on|to the? floor|ground',
    ],
    near: ['@person'],
    within: 4,
    unless: [
      'queue',
      'traffic',
      'line',
      'car',
      'bus',
      'money',
      'goods',
      'market',
      'business',
      'house',
      'abroad',
      'moving to|out|house',
      'bowel*',
      'stool',
      'app',
      'page',
      'plan*',
    ],
  },

  // ——— Fits in anyone ———
  // A seizure or convulsion named as such, in anyone; an epileptic attack; foaming at the mouth.
  {
    category: 'seizure',
    name: 'seizure',
    signs: ['@seizure', 'epileptic|epilepsy attack|fit|fits|seizure', 'foam* from|at|for the? mouth'],
    unless: ['medication refill'],
  },
  // "Having fits", "fitting", Pidgin "e dey fit": a convulsion when a person is named nearby. Clothes that
  // fit, a tantrum ("threw a fit") and keeping fit are not meant.
  {
    category: 'seizure',
    name: 'having fits',
    signs: seizureWords,
    near: ['@person', ...child],
    within: 6,
    unless: otherFits,
  },

  // ——— Self-harm and suicide ———
  // Suicide, wanting to die, self-harm, in English and Pidgin ("I wan kill myself", "I no wan live again").
  // A past attempt ("last year") does not fire; talk of it now does.
  {
    category: 'self-harm',
    name: 'suicide or self-harm',
    signs: [
      'suicid*',
      'kill|killing|end|harm|hurt|hurting|cut|cutting|hang|poison myself|himself|herself',
      'kill|killing|end|harm|hurt|cut|hang|poison my|him|her self',
      'end|ending|take|taking my|his|her own? life',
      'end it all',
      'to|wan|wanna|gonna end it|am|everything $',
      'life @not? get|has|have no? meaning|point',
      'want|wants|wanna to? die',
      'wan die',
      'i|he|she wan kill myself|himself|herself|self',
      'wish i was|were dead',
      'better off dead',
      'no|dont|doesnt wan|want|wants to? live|living again|anymore',
      'no|dont|doesnt wan|want|wants to? live|living',
      'dont|doesnt want|wants to be alive',
      'tired of life|living',
      'tired of this life',
      'selfharm',
      'jump|jumping off|from|into the? third? mainland? bridge|lagoon|river|building|roof',
      'drink|drank|take|took sniper',
    ],
    // A cut or hurt by accident is an injury, not self-harm; jokes are not a plan.
    unless: [
      // "Die" for "dye": "I want to die my hair".
      'hair',
      'fabric',
      'relationship',
      'boyfriend',
      'girlfriend',
      'contract',
      'subscription',
      'membership',
      'plan',
      'appointment',
      'call',
      'chat',
      'laugh*',
      'lol',
      'lmao',
      'playing',
      'football',
      'gym',
      'fell',
      'fall',
      'slipped',
      'accident*',
      'cooking',
      'shaving',
      'kitchen',
      'by mistake',
      'mistakenly',
    ],
  },

  // ——— Chest pain, breathing ———
  // Chest pain, tightness or pressure, in any word order ("my chest is paining me", "pain in my chest").
  // Chest infections, X-rays and check-ups are not meant.
  {
    category: 'chest',
    name: 'chest pain or tightness',
    signs: [
      'pain',
      'pains',
      'painful',
      'paining',
      'pained',
      'hurt*',
      'tight*',
      'pressure',
      'heavy',
      'heaviness',
      'squeez*',
      'crush*',
      'ache',
      'aching',
      'sharp',
    ],
    near: ['chest'],
    within: 4,
    unless: ['infection*', 'xray', 'x ray', 'scan', 'checkup', 'check', 'muscle*', 'gym', 'workout'],
  },
  // A heart attack or cardiac arrest said outright; Pidgin "my heart dey pain me well well".
  {
    category: 'chest',
    name: 'heart attack',
    signs: [
      'heart attack',
      'cardiac arrest',
      'heart @be? stop|stopped',
      'heart @be? pain* me? well well',
      'heart @be? pain* me? seriously',
    ],
  },
  // Not breathing, cannot breathe, short of breath, choking, a throat closing (anaphylaxis). Breathing classes
  // and exercises are not meant.
  {
    category: 'breathing',
    name: 'cannot breathe',
    signs: [
      ...absentBreathing,
      'short* of breath',
      'shortness of breath',
      'breathless*',
      'difficult* in|to? breathing|breathe|breath',
      'hard|hardly to? breathe|breathing|breath',
      'trouble|problem breathing',
      'breathing @be? @very? hard|difficult|heavy|noisy|fast',
      'cant catch my|his|her|im? breath',
      'air @not @be? enter|reach|go',
      'choking|choked|choke',
      'throat @be? closing|swelling|closed',
      'anaphyla*',
      'lips|tongue @be? blue|swelling|swollen',
    ],
    unless: ['class*', 'exercise*', 'technique*', 'yoga', 'lesson*', 'smoke', 'traffic', 'laugh*', 'food @be? choke'],
  },

  // ——— Heavy bleeding, anyone ———
  // Heavy or non-stop bleeding in anyone: bleeding "a lot", "well well", "won't stop". Blood tests and gums
  // are not meant.
  {
    category: 'bleeding',
    name: 'heavy or non-stop bleeding',
    signs: ['bleed*', 'bled', 'blood'],
    near: [
      'heavy',
      'heavily',
      'lot',
      'plenty',
      'well well',
      'too much',
      'so much',
      'wont stop',
      'not stopping',
      'cant stop',
      'cant stop the',
      'refuse* to stop',
      'everywhere',
      'profuse*',
      'serious*',
      'severe*',
      'gush*',
      'pour*',
      'like tap',
      'soak*',
      'non stop',
      'nonstop',
      'dey stop',
      'pool',
      'all over',
      'dey rush',
      'spurt*',
      'dey comot',
    ],
    within: 4,
    unless: [
      'blood test|group|count|pressure|sugar|work|result*|donation|bank|type|tonic',
      'test',
      'gums',
      'brush*',
      // Heavy periods are for a gynaecologist's appointment; in pregnancy the maternal groups apply.
      'period*',
      'menstrua*',
      'menses',
    ],
  },
  // Vomiting or coughing up blood.
  {
    category: 'bleeding',
    name: 'vomiting or coughing blood',
    signs: ['vomit*|cough*|spit*|throw*|throwing up? blood', 'blood in|for his|her|my? vomit'],
  },

  // ——— Severe pain ———
  // Severe, unbearable pain anywhere (kept from the first list: it asks for the emergency reply, not a diagnosis).
  {
    category: 'pain',
    name: 'severe pain',
    signs: [
      'severe|unbearable|excruciating|terrible|extreme pain',
      'pain @be? unbearable',
      'pain @be? too much',
      'belle @be? pain* me? well well',
    ],
  },
];
