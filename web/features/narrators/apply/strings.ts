// The /apply form's words in each language it is written in (learner.md §2, §8, §9). The quoted English texts
// of the spec are kept word for word; the others are written the way a native speaker would say them, not
// translated word by word: tú in Spanish, vous in French, 您 in Chinese.
import type { PluralForms } from '#common/plural.ts';
import { type FormLanguage, WEEKLY_HOURS_LABELS, type WeeklyHoursChoice } from '#common/schemas/narrators.ts';
import type { ApplicationFieldName, RequiredFieldName, TextFieldName } from './form.ts';

export type ApplySection = 'basic' | 'experience' | 'technical' | 'other' | 'responses';
/** The answers shown with an example in them. */
export const PLACEHOLDER_FIELDS = [
  'full_name',
  'email',
  'city_country',
  'native_languages',
  'accent_description',
  'desired_hourly_rate',
] as const satisfies readonly TextFieldName[];
export type PlaceholderField = (typeof PLACEHOLDER_FIELDS)[number];
/** The answers with a line of help under them. */
export const HINT_FIELDS = [
  'experience_text',
  'accent_description',
  'desired_hourly_rate',
] as const satisfies readonly TextFieldName[];
export type HintField = (typeof HINT_FIELDS)[number];

export interface ApplyStrings {
  /** The browser tab's title. */
  documentTitle: string;
  title: string;
  intro: string;
  /** The name of the language picker. */
  formLanguage: string;
  /** Explains the asterisk. */
  requiredNote: string;
  sections: Record<ApplySection, string>;
  /** Each answer's label or question; the story types' are their checkboxes. */
  labels: Record<ApplicationFieldName, string>;
  placeholders: Record<PlaceholderField, string>;
  hints: Record<HintField, string>;
  yes: string;
  no: string;
  weeklyHours: Record<WeeklyHoursChoice, string>;
  storyTypes: string;
  storyTypesHint: string;
  errors: {
    required: Record<RequiredFieldName, string>;
    invalidEmail: string;
    tooLong: string;
    invalid: string;
  };
  submit: string;
  submitting: string;
  success: string;
  /** After the success: what comes next, and the link to it (issue 23 #3). */
  nextStep: string;
  sendVideo: string;
  failure: string;
  /**
   * Instead of the failure when the server says too many applications came from here (429): one cause, one
   * sentence. `rateLimitedFor` says how long to wait ({minutes}, its form chosen by the language's plural rules,
   * `other` for any category without one of its own); `rateLimited` is for an answer that did not say.
   */
  rateLimited: string;
  rateLimitedFor: PluralForms;
}

/** Each language's own name, shown in the picker (the English name goes beside it). */
export const FORM_LANGUAGE_NATIVE_NAMES: Record<FormLanguage, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  zh: '中文',
};

const en: ApplyStrings = {
  documentTitle: 'Narrator Application · Catamaran',
  title: 'Become a Catamaran narrator',
  intro:
    "Bring our stories to life for language learners around the world. Tell us a little about yourself and we'll get back to you by email.",
  formLanguage: 'Form language',
  requiredNote: 'Fields marked with * are required.',
  sections: {
    basic: 'Basic Info',
    experience: 'Experience',
    technical: 'Technical Setup',
    other: 'Other',
    responses: 'Short Responses',
  },
  labels: {
    full_name: 'Full name',
    email: 'Email',
    city_country: 'City and country',
    native_languages: 'Native languages',
    experience_text: 'Job experience',
    camera_comfortable: 'Are you comfortable on camera?',
    accent_description: 'How would you describe your accent?',
    quiet_env: 'Do you have a quiet place to record?',
    can_purchase_mic: 'Could you buy a mid-grade microphone?',
    willing_submit_sample: 'Are you willing to submit a 1–2 minute sample recording?',
    weekly_hours_choice: 'How many hours a week could you work?',
    desired_hourly_rate: 'Desired hourly rate',
    topics_general: 'General: suitable for all audiences',
    topics_18: '18+: mature themes',
    topics_nsfw: 'NSFW: explicit content',
    why_catamaran: 'Why do you want to work with Catamaran?',
    fit_for_learners: 'What makes you a good fit for helping language learners?',
    expressive_reading: 'Do you enjoy reading aloud with expression? Tell us about it.',
    anything_else: "Anything else you'd like us to know?",
  },
  placeholders: {
    full_name: 'Ana Lima',
    email: 'you@example.com',
    city_country: 'Toronto, Canada',
    native_languages: 'e.g. English, Portuguese',
    accent_description: 'e.g. General American, a light Scottish accent',
    desired_hourly_rate: 'e.g. 25 USD',
  },
  hints: {
    experience_text: 'Narration, voice acting, teaching, podcasting, theatre or any other relevant work.',
    accent_description: 'For example, where it comes from and how noticeable it is.',
    desired_hourly_rate: 'Please include the currency.',
  },
  yes: 'Yes',
  no: 'No',
  weeklyHours: WEEKLY_HOURS_LABELS,
  storyTypes: 'Which types of stories would you read?',
  storyTypesHint: 'Choose all that apply.',
  errors: {
    required: {
      full_name: 'Enter your full name.',
      email: 'Enter your email address.',
      city_country: 'Enter your city and country.',
      native_languages: 'Enter your native languages.',
      experience_text: 'Tell us about your job experience.',
      camera_comfortable: 'Tell us whether you are comfortable on camera.',
      quiet_env: 'Tell us whether you have a quiet place to record.',
      willing_submit_sample: 'Tell us whether you would submit a sample recording.',
      weekly_hours_choice: 'Choose how many hours a week you could work.',
      why_catamaran: 'Tell us why you want to work with Catamaran.',
    },
    invalidEmail: 'Enter a valid email address, like you@example.com.',
    tooLong: 'This answer is too long.',
    invalid: 'Please check this answer.',
  },
  submit: 'Submit Application',
  submitting: 'Submitting...',
  success: 'Application submitted! We will contact you by email.',
  nextStep: 'Next step: send us a 1–2 minute sample video of yourself reading.',
  sendVideo: 'Send your sample video',
  failure: 'Submission failed. Please check required fields and try again.',
  rateLimited: 'Too many attempts in a short time: please wait a few minutes before trying again.',
  rateLimitedFor: {
    one: 'Too many attempts in a short time: please try again in {minutes} minute.',
    other: 'Too many attempts in a short time: please try again in {minutes} minutes.',
  },
};

const es: ApplyStrings = {
  documentTitle: 'Solicitud para narradores · Catamaran',
  title: 'Presta tu voz a Catamaran',
  intro:
    'Da vida a nuestras historias para estudiantes de idiomas de todo el mundo. Cuéntanos un poco sobre ti y te responderemos por correo electrónico.',
  formLanguage: 'Idioma del formulario',
  requiredNote: 'Los campos marcados con * son obligatorios.',
  sections: {
    basic: 'Datos básicos',
    experience: 'Experiencia',
    technical: 'Equipo y entorno',
    other: 'Otros datos',
    responses: 'Preguntas abiertas',
  },
  labels: {
    full_name: 'Nombre completo',
    email: 'Correo electrónico',
    city_country: 'Ciudad y país',
    native_languages: 'Lenguas maternas',
    experience_text: 'Experiencia laboral',
    camera_comfortable: '¿Te resulta cómodo aparecer en cámara?',
    accent_description: '¿Cómo describirías tu acento?',
    quiet_env: '¿Tienes un lugar tranquilo para grabar?',
    can_purchase_mic: '¿Podrías comprar un micrófono de gama media?',
    willing_submit_sample: '¿Nos enviarías una grabación de muestra de 1 a 2 minutos?',
    weekly_hours_choice: '¿Cuántas horas a la semana podrías trabajar?',
    desired_hourly_rate: 'Tarifa por hora deseada',
    topics_general: 'Generales: aptas para todo público',
    topics_18: '+18: temas para adultos',
    topics_nsfw: 'NSFW: contenido explícito',
    why_catamaran: '¿Por qué quieres trabajar con Catamaran?',
    fit_for_learners: '¿Qué te hace una buena opción para ayudar a quienes aprenden idiomas?',
    expressive_reading: '¿Te gusta leer en voz alta con expresividad? Cuéntanos más.',
    anything_else: '¿Hay algo más que quieras contarnos?',
  },
  placeholders: {
    full_name: 'María García',
    email: 'nombre@example.com',
    city_country: 'Bogotá, Colombia',
    native_languages: 'p. ej., español, catalán',
    accent_description: 'p. ej., español neutro, un ligero acento andaluz',
    desired_hourly_rate: 'p. ej., 25 USD',
  },
  hints: {
    experience_text:
      'Narración, doblaje, docencia, pódcasts, teatro o cualquier otra experiencia relacionada.',
    accent_description: 'Por ejemplo, de dónde es y si se nota mucho.',
    desired_hourly_rate: 'Indica la moneda, por favor.',
  },
  yes: 'Sí',
  no: 'No',
  weeklyHours: {
    '<5': 'Menos de 5 horas',
    '5-10': 'De 5 a 10 horas',
    '10-20': 'De 10 a 20 horas',
    '20+': 'Más de 20 horas',
  },
  storyTypes: '¿Qué tipos de historias leerías?',
  storyTypesHint: 'Marca todas las que correspondan.',
  errors: {
    required: {
      full_name: 'Escribe tu nombre completo.',
      email: 'Escribe tu correo electrónico.',
      city_country: 'Escribe tu ciudad y tu país.',
      native_languages: 'Indica tus lenguas maternas.',
      experience_text: 'Cuéntanos tu experiencia laboral.',
      camera_comfortable: 'Indica si te resulta cómodo aparecer en cámara.',
      quiet_env: 'Indica si tienes un lugar tranquilo para grabar.',
      willing_submit_sample: 'Indica si nos enviarías una grabación de muestra.',
      weekly_hours_choice: 'Elige cuántas horas a la semana podrías trabajar.',
      why_catamaran: 'Cuéntanos por qué quieres trabajar con Catamaran.',
    },
    invalidEmail: 'Escribe un correo electrónico válido, como nombre@example.com.',
    tooLong: 'Esta respuesta es demasiado larga.',
    invalid: 'Revisa esta respuesta.',
  },
  submit: 'Enviar solicitud',
  submitting: 'Enviando...',
  success: '¡Solicitud enviada! Te contactaremos por correo electrónico.',
  nextStep: 'Siguiente paso: envíanos un video de muestra de 1 a 2 minutos en el que te veamos leer.',
  sendVideo: 'Enviar mi video de muestra',
  failure: 'No se pudo enviar la solicitud. Revisa los campos obligatorios y vuelve a intentarlo.',
  rateLimited: 'Demasiados intentos en poco tiempo: espera unos minutos antes de volver a intentarlo.',
  rateLimitedFor: {
    one: 'Demasiados intentos en poco tiempo: vuelve a intentarlo dentro de {minutes} minuto.',
    other: 'Demasiados intentos en poco tiempo: vuelve a intentarlo dentro de {minutes} minutos.',
  },
};

const fr: ApplyStrings = {
  documentTitle: 'Devenir narrateur ou narratrice · Catamaran',
  title: 'Prêtez votre voix à Catamaran',
  intro:
    'Donnez vie à nos histoires pour les apprenants en langues du monde entier. Parlez-nous un peu de vous\u00a0: nous vous répondrons par e-mail.',
  formLanguage: 'Langue du formulaire',
  requiredNote: 'Les champs marqués d’un * sont obligatoires.',
  sections: {
    basic: 'Informations générales',
    experience: 'Expérience',
    technical: 'Matériel et environnement',
    other: 'Autres informations',
    responses: 'Questions ouvertes',
  },
  labels: {
    full_name: 'Prénom et nom',
    email: 'Adresse e-mail',
    city_country: 'Ville et pays',
    native_languages: 'Langue(s) maternelle(s)',
    experience_text: 'Expérience professionnelle',
    camera_comfortable: 'Êtes-vous à l’aise face à la caméra\u00a0?',
    accent_description: 'Comment décririez-vous votre accent\u00a0?',
    quiet_env: 'Disposez-vous d’un endroit calme pour enregistrer\u00a0?',
    can_purchase_mic: 'Pourriez-vous acheter un micro de milieu de gamme\u00a0?',
    willing_submit_sample: 'Accepteriez-vous d’envoyer un enregistrement d’essai de 1 à 2 minutes\u00a0?',
    weekly_hours_choice: 'Combien d’heures par semaine pourriez-vous travailler avec nous\u00a0?',
    desired_hourly_rate: 'Tarif horaire souhaité',
    topics_general: 'Générales\u00a0: tout public',
    topics_18: '18+\u00a0: thèmes pour adultes',
    topics_nsfw: 'NSFW\u00a0: contenu explicite',
    why_catamaran: 'Pourquoi souhaitez-vous travailler avec Catamaran\u00a0?',
    fit_for_learners:
      'Qu’est-ce qui fait de vous la bonne personne pour accompagner des apprenants en langues\u00a0?',
    expressive_reading: 'Aimez-vous lire à voix haute avec expressivité\u00a0? Parlez-nous-en.',
    anything_else: 'Souhaitez-vous ajouter autre chose\u00a0?',
  },
  placeholders: {
    full_name: 'Camille Martin',
    email: 'prenom.nom@example.com',
    city_country: 'Lyon, France',
    native_languages: 'ex.\u00a0: français, créole',
    accent_description: 'ex.\u00a0: français standard, un léger accent québécois',
    desired_hourly_rate: 'ex.\u00a0: 25\u00a0€',
  },
  hints: {
    experience_text: 'Narration, doublage, enseignement, podcasts, théâtre ou toute autre expérience utile.',
    accent_description: 'Par exemple, sa région d’origine et s’il est marqué.',
    desired_hourly_rate: 'Merci de préciser la devise.',
  },
  yes: 'Oui',
  no: 'Non',
  weeklyHours: {
    '<5': 'Moins de 5 heures',
    '5-10': 'De 5 à 10 heures',
    '10-20': 'De 10 à 20 heures',
    '20+': 'Plus de 20 heures',
  },
  storyTypes: 'Quels types d’histoires accepteriez-vous de lire\u00a0?',
  storyTypesHint: 'Plusieurs réponses possibles.',
  errors: {
    required: {
      full_name: 'Indiquez votre prénom et votre nom.',
      email: 'Indiquez votre adresse e-mail.',
      city_country: 'Indiquez votre ville et votre pays.',
      native_languages: 'Indiquez votre ou vos langues maternelles.',
      experience_text: 'Décrivez votre expérience professionnelle.',
      camera_comfortable: 'Indiquez si vous êtes à l’aise face à la caméra.',
      quiet_env: 'Indiquez si vous disposez d’un endroit calme pour enregistrer.',
      willing_submit_sample: 'Indiquez si vous accepteriez d’envoyer un enregistrement d’essai.',
      weekly_hours_choice: 'Choisissez le nombre d’heures par semaine.',
      why_catamaran: 'Dites-nous pourquoi vous souhaitez travailler avec Catamaran.',
    },
    invalidEmail: 'Saisissez une adresse e-mail valide, par exemple prenom.nom@example.com.',
    tooLong: 'Cette réponse est trop longue.',
    invalid: 'Vérifiez cette réponse.',
  },
  submit: 'Envoyer ma candidature',
  submitting: 'Envoi en cours...',
  success: 'Candidature envoyée\u00a0! Nous vous contacterons par e-mail.',
  nextStep: 'Prochaine étape\u00a0: envoyez-nous une vidéo d’essai de 1 à 2 minutes où l’on vous voit lire.',
  sendVideo: 'Envoyer ma vidéo d’essai',
  failure: 'L’envoi a échoué. Vérifiez les champs obligatoires et réessayez.',
  rateLimited: 'Trop de tentatives en peu de temps\u00a0: patientez quelques minutes avant de réessayer.',
  rateLimitedFor: {
    one: 'Trop de tentatives en peu de temps\u00a0: réessayez dans {minutes}\u00a0minute.',
    other: 'Trop de tentatives en peu de temps\u00a0: réessayez dans {minutes}\u00a0minutes.',
  },
};

const zh: ApplyStrings = {
  documentTitle: '朗读者申请 · Catamaran',
  title: '成为 Catamaran 朗读者',
  intro: '用您的声音，为世界各地的语言学习者讲好每一个故事。请简单介绍一下自己，我们会通过电子邮件与您联系。',
  formLanguage: '表单语言',
  requiredNote: '标有 * 的为必填项。',
  sections: {
    basic: '基本信息',
    experience: '相关经验',
    technical: '录音条件',
    other: '其他信息',
    responses: '简答题',
  },
  labels: {
    full_name: '姓名',
    email: '电子邮箱',
    city_country: '所在城市和国家',
    native_languages: '母语',
    experience_text: '工作经历',
    camera_comfortable: '您能自如地面对镜头吗？',
    accent_description: '您会如何描述自己的口音？',
    quiet_env: '您有安静的录音环境吗？',
    can_purchase_mic: '您能否购买一支中档麦克风？',
    willing_submit_sample: '您愿意提交一段 1–2 分钟的试音样本吗？',
    weekly_hours_choice: '您每周能投入多少小时？',
    desired_hourly_rate: '期望时薪',
    topics_general: '普通：老少皆宜',
    topics_18: '18+：成人题材',
    topics_nsfw: 'NSFW：露骨内容',
    why_catamaran: '您为什么想与 Catamaran 合作？',
    fit_for_learners: '您为什么适合帮助语言学习者？',
    expressive_reading: '您喜欢声情并茂地朗读吗？请具体谈谈。',
    anything_else: '还有其他想告诉我们的吗？',
  },
  placeholders: {
    full_name: '王芳',
    email: 'name@example.com',
    city_country: '中国上海',
    native_languages: '例如：普通话、粤语',
    accent_description: '例如：标准普通话，略带南方口音',
    desired_hourly_rate: '例如：200 元人民币',
  },
  hints: {
    experience_text: '例如有声书朗读、配音、教学、播客、戏剧表演等相关经历。',
    accent_description: '例如口音来自哪里、是否明显。',
    desired_hourly_rate: '请注明币种。',
  },
  yes: '是',
  no: '否',
  weeklyHours: {
    '<5': '少于 5 小时',
    '5-10': '5–10 小时',
    '10-20': '10–20 小时',
    '20+': '20 小时以上',
  },
  storyTypes: '您愿意朗读哪些类型的故事？',
  storyTypesHint: '可多选。',
  errors: {
    required: {
      full_name: '请填写姓名。',
      email: '请填写电子邮箱。',
      city_country: '请填写所在城市和国家。',
      native_languages: '请填写您的母语。',
      experience_text: '请介绍您的工作经历。',
      camera_comfortable: '请选择您能否自如地面对镜头。',
      quiet_env: '请选择您是否有安静的录音环境。',
      willing_submit_sample: '请选择您是否愿意提交试音样本。',
      weekly_hours_choice: '请选择您每周能投入的时长。',
      why_catamaran: '请告诉我们您为什么想与 Catamaran 合作。',
    },
    invalidEmail: '请输入有效的电子邮箱地址，例如 name@example.com。',
    tooLong: '回答过长。',
    invalid: '请检查此项。',
  },
  submit: '提交申请',
  submitting: '正在提交……',
  success: '申请已提交！我们会通过电子邮件与您联系。',
  nextStep: '下一步：请发送一段 1–2 分钟的朗读试音视频。',
  sendVideo: '发送试音视频',
  failure: '提交失败，请检查必填项后重试。',
  rateLimited: '短时间内尝试次数过多，请等待几分钟后再试。',
  rateLimitedFor: {
    one: '短时间内尝试次数过多，请在 {minutes} 分钟后再试。',
    other: '短时间内尝试次数过多，请在 {minutes} 分钟后再试。',
  },
};

/** The form's words, one complete set per form language (a missing key fails the typecheck). */
export const APPLY_STRINGS: Record<FormLanguage, ApplyStrings> = { en, es, fr, zh };
