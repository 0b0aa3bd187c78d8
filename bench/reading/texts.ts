// Data: the words the generated library is made of, language by language: titles (a first part × a second part),
// descriptions (three sentences picked from lists), authors, and a paragraph that chapters repeat. Spanish,
// the language the benchmark lists and searches, has the most variety and plenty of accents; every other
// language has enough to look like itself in its own script.

export interface LanguageTexts {
  titleStarts: readonly string[];
  titleEnds: readonly string[];
  /** Between the two parts of a title: a space, or nothing in scripts written without spaces. */
  joiner: string;
  /** A description is one sentence of each list. */
  descriptions: readonly [readonly string[], readonly string[], readonly string[]];
  authors: readonly string[];
  /** What a generated chapter repeats: one paragraph of 30 to 60 words. */
  paragraph: string;
  /** "Capítulo" in "Capítulo 3". */
  chapter: string;
}

const SPANISH: LanguageTexts = {
  titleStarts: [
    'El secreto',
    'La canción',
    'El viaje',
    'La búsqueda',
    'El corazón',
    'La niña',
    'El león',
    'La isla',
    'El último tren',
    'La carta',
    'El árbol mágico',
    'La sombra',
    'El jardín',
    'La llave',
    'El faro',
    'La música',
    'El invierno',
    'La pequeña Inés',
    'El ratón',
    'La lección',
  ],
  titleEnds: [
    'del bosque',
    'de la montaña',
    'del faro',
    'de Begoña',
    'del río',
    'de la abuela',
    'en el mercado',
    'bajo la lluvia',
    'de otoño',
    'sin nombre',
    'del océano',
    'de medianoche',
    'de la estación',
    'del pájaro azul',
    'en Sevilla',
    'de los sueños',
    'del capitán Núñez',
    'de cristal',
    'en el desván',
    'de la última página',
    'del zoológico',
    'junto al mar',
    'de la ciudad dormida',
    'de José y Lucía',
    'en la nieve',
  ],
  joiner: ' ',
  descriptions: [
    [
      'Una historia sobre la amistad y el valor.',
      'Un relato tranquilo para leer antes de dormir.',
      'Una aventura llena de misterio y sorpresas.',
      'Una comedia sobre una familia muy ruidosa.',
      'Un cuento de animales que hablan.',
      'Una novela corta sobre el primer amor.',
      'Un viaje por pueblos pequeños de España.',
      'Un misterio que empieza con una carta perdida.',
    ],
    [
      'Lucía descubre una puerta escondida detrás de la biblioteca.',
      'El señor Martínez pierde su sombrero en la estación.',
      'Una gata curiosa sigue a la luna por los tejados.',
      'Dos hermanos buscan el tesoro de su abuelo en la costa.',
      'Un león tímido aprende a rugir en el zoológico.',
      'Inés escribe canciones para un pájaro que no sabe volar.',
      'Tomás y su perro cruzan el bosque durante la tormenta.',
      'La niña del faro recibe mensajes en botellas.',
      'Un chef de Bilbao cocina para un rey exigente.',
      'Begoña encuentra un mapa antiguo en el desván.',
      'Un robot aprende qué es el corazón.',
      'Los vecinos de la calle Mayor organizan una fiesta sorpresa.',
    ],
    [
      'Con frases cortas y vocabulario básico.',
      'Con diálogos naturales y verbos en pasado.',
      'Ideal para practicar el presente y el futuro.',
      'Incluye expresiones típicas de México y Argentina.',
      'Con descripciones ricas y un final inesperado.',
      'Perfecto para lectores que ya conocen lo básico.',
      'Una lectura rápida con mucho humor.',
    ],
  ],
  authors: [
    'Ana Ruiz',
    'José Martínez',
    'Lucía Fernández',
    'Begoña Ibáñez',
    'Tomás Núñez',
    'María José Peña',
    'Íñigo Sáenz',
    'Carmen Rodríguez',
  ],
  paragraph:
    'Aquel verano, Lucía vivía con su abuelo en un pueblo pequeño de la costa. Cada mañana caminaba por la ' +
    'playa antes del desayuno y miraba los barcos. Un día, después de una tormenta, encontró una botella ' +
    'verde entre las piedras, y dentro había un papel con un mensaje muy extraño.',
  chapter: 'Capítulo',
};

/** A language's texts from short lists: eight title starts and ends, and six description sentences. */
function texts(
  titleStarts: string[],
  titleEnds: string[],
  sentences: string[],
  authors: string[],
  paragraph: string,
  chapter: string,
  joiner = ' ',
): LanguageTexts {
  return {
    titleStarts,
    titleEnds,
    joiner,
    descriptions: [sentences.slice(0, 2), sentences.slice(2, 4), sentences.slice(4)],
    authors,
    paragraph,
    chapter,
  };
}

/** The generated library's texts by language code: the 14 learnable seeded languages. */
export const LANGUAGE_TEXTS: Readonly<Record<string, LanguageTexts>> = {
  es: SPANISH,
  fr: texts(
    ['Le secret', 'La chanson', 'Le voyage', 'La lettre', 'Le cœur', 'La fenêtre', "L'été", 'Le phare'],
    [
      'de la forêt',
      'du marché',
      'de Noël',
      'sous la pluie',
      'de Zoé',
      "de l'océan",
      'du château',
      'à Marseille',
    ],
    [
      'Une histoire tendre sur l’amitié.',
      'Un mystère qui commence par une lettre oubliée.',
      'Léa découvre une porte cachée derrière la bibliothèque.',
      'Un chat curieux suit la lune sur les toits de Paris.',
      'Avec des phrases courtes et un vocabulaire élémentaire.',
      'Idéal pour réviser le passé composé et l’imparfait.',
    ],
    ['Hélène Lefèvre', 'François Dubois', 'Zoé Mercier', 'Jérôme Gagné'],
    'Ce matin-là, Léo est allé au lac avec son petit bateau rouge. Le vent soufflait fort et les arbres ' +
      'chantaient. Il a posé le bateau sur l’eau, et le bateau est parti très loin, vers l’autre rive.',
    'Chapitre',
  ),
  de: texts(
    [
      'Das Geheimnis',
      'Die Reise',
      'Der Brief',
      'Das Lied',
      'Die Straße',
      'Der Schlüssel',
      'Das Märchen',
      'Die Brücke',
    ],
    [
      'im Wald',
      'am Fluss',
      'von Jürgen',
      'im Schnee',
      'über München',
      'der Großmutter',
      'am Meer',
      'im Süden',
    ],
    [
      'Eine Geschichte über Mut und Freundschaft.',
      'Ein ruhiges Märchen für die Nacht.',
      'Jörg findet einen alten Schlüssel im Keller.',
      'Zwei Schwestern fahren mit dem Zug nach Österreich.',
      'Mit kurzen Sätzen und einfachem Wortschatz.',
      'Ideal, um das Präteritum zu üben.',
    ],
    ['Jürgen Müller', 'Käthe Schäfer', 'Björn Weiß', 'Lena Groß'],
    'Am Morgen ging Jürgen mit seinem Hund über die Brücke. Die Straße war leer und der Schnee lag weiß auf ' +
      'den Dächern. Im Café an der Ecke trank er einen heißen Kaffee und las die Zeitung.',
    'Kapitel',
  ),
  it: texts(
    ['Il segreto', 'La canzone', 'Il viaggio', 'La lettera', 'Il cuore', 'La città', "L'isola", 'Il faro'],
    [
      'del bosco',
      'di Niccolò',
      'sotto la pioggia',
      'del mare',
      'a Venezia',
      'della nonna',
      'di mezzanotte',
      'perduto',
    ],
    [
      'Una storia di amicizia e di coraggio.',
      'Un giallo che comincia con una lettera perduta.',
      'Niccolò trova una porta nascosta dietro la libreria.',
      'Una gatta curiosa segue la luna sui tetti di Roma.',
      'Con frasi brevi e un lessico di base.',
      'Perfetto per ripassare il passato prossimo.',
    ],
    ['Niccolò Bianchi', 'Lucrezia Rossi', 'Nicolò Galli', 'Chiara Fabbri'],
    'Quella mattina Giulia è andata al mercato con sua nonna. Le strade erano piene di gente e di colori, ' +
      'e il profumo del pane caldo arrivava fino alla piazza. Hanno comprato frutta, formaggio e fiori.',
    'Capitolo',
  ),
  pt: texts(
    ['O segredo', 'A canção', 'A viagem', 'A carta', 'O coração', 'A ilha', 'O farol', 'A lição'],
    ['da floresta', 'do João', 'sob a chuva', 'do oceano', 'em Lisboa', 'da avó', 'de São Paulo', 'sem nome'],
    [
      'Uma história sobre amizade e coragem.',
      'Um mistério que começa com uma carta perdida.',
      'Conceição encontra um mapa antigo no sótão.',
      'Um gato curioso segue a lua pelos telhados.',
      'Com frases curtas e vocabulário básico.',
      'Ideal para praticar o pretérito perfeito.',
    ],
    ['João Gonçalves', 'Conceição Araújo', 'Antônio Simões', 'Inês Lopes'],
    'Naquela manhã, João acordou cedo e foi até a praia com o seu irmão. O mar estava calmo e os barcos ' +
      'voltavam devagar. Na areia, encontraram uma garrafa verde com uma mensagem escrita à mão.',
    'Capítulo',
  ),
  nl: texts(
    ['Het geheim', 'Het lied', 'De reis', 'De brief', 'Het hart', 'De sleutel', 'De vuurtoren', 'Het eiland'],
    [
      'van het bos',
      'in de regen',
      'van oma',
      'aan zee',
      'in Utrecht',
      'van Sanne',
      'in de winter',
      'zonder naam',
    ],
    [
      'Een verhaal over vriendschap en moed.',
      'Een rustig sprookje voor het slapengaan.',
      'Sanne vindt een oude sleutel op zolder.',
      'Twee broers fietsen langs de grachten van Amsterdam.',
      'Met korte zinnen en eenvoudige woorden.',
      'Ideaal om de verleden tijd te oefenen.',
    ],
    ['Sanne de Vries', 'Joost Bakker', 'Eline Visser', 'Daan Smit'],
    'Die ochtend fietste Sanne langs de gracht naar de markt. Het regende een beetje, maar de kraampjes ' +
      'waren vol bloemen en kaas. Bij de brug kocht ze een warme stroopwafel en keek naar de boten.',
    'Hoofdstuk',
  ),
  pl: texts(
    ['Tajemnica', 'Piosenka', 'Podróż', 'List', 'Serce', 'Klucz', 'Latarnia', 'Wyspa'],
    ['lasu', 'babci', 'w deszczu', 'nad morzem', 'z Gdańska', 'Zosi', 'o północy', 'bez imienia'],
    [
      'Opowieść o przyjaźni i odwadze.',
      'Spokojna bajka na dobranoc.',
      'Zosia znajduje stary klucz na strychu.',
      'Dwaj bracia jadą pociągiem do Krakowa.',
      'Krótkie zdania i podstawowe słownictwo.',
      'Idealne do ćwiczenia czasu przeszłego.',
    ],
    ['Zofia Wójcik', 'Łukasz Nowak', 'Małgorzata Kowalczyk', 'Paweł Dąbrowski'],
    'Tego ranka Zosia poszła z babcią na targ. Ulice były pełne ludzi, a w powietrzu pachniało świeżym ' +
      'chlebem. Kupiły jabłka, ser i kwiaty, a potem usiadły na ławce przy rzece.',
    'Rozdział',
  ),
  ru: texts(
    ['Тайна', 'Песня', 'Путешествие', 'Письмо', 'Сердце', 'Ключ', 'Маяк', 'Остров'],
    ['леса', 'бабушки', 'под дождём', 'у моря', 'из Москвы', 'Алёны', 'в полночь', 'без имени'],
    [
      'История о дружбе и смелости.',
      'Спокойная сказка на ночь.',
      'Алёна находит старый ключ на чердаке.',
      'Два брата едут на поезде в Петербург.',
      'Короткие предложения и простые слова.',
      'Хорошо для практики прошедшего времени.',
    ],
    ['Алёна Соколова', 'Пётр Иванов', 'Наталья Орлова', 'Фёдор Смирнов'],
    'Утром Алёна пошла с бабушкой на рынок. На улицах было много людей, и пахло свежим хлебом. Они купили ' +
      'яблоки, сыр и цветы, а потом долго сидели на скамейке у реки и смотрели на лодки.',
    'Глава',
  ),
  tr: texts(
    ['Sır', 'Şarkı', 'Yolculuk', 'Mektup', 'Kalp', 'Anahtar', 'Deniz feneri', 'Ada'],
    ['ormanın', 'büyükannenin', 'yağmurda', 'denizde', 'İstanbul’da', 'Ayşe’nin', 'gece yarısı', 'isimsiz'],
    [
      'Dostluk ve cesaret üzerine bir hikâye.',
      'Uyumadan önce okunacak sakin bir masal.',
      'Ayşe tavan arasında eski bir anahtar bulur.',
      'İki kardeş trenle Ankara’ya gider.',
      'Kısa cümleler ve temel kelimelerle.',
      'Geçmiş zamanı çalışmak için ideal.',
    ],
    ['Ayşe Yılmaz', 'Mehmet Öztürk', 'Gülşen Çelik', 'Oğuz Şahin'],
    'O sabah Ayşe büyükannesiyle pazara gitti. Sokaklar çok kalabalıktı ve her yerde taze ekmek kokusu ' +
      'vardı. Elma, peynir ve çiçek aldılar, sonra nehrin kenarındaki bir bankta oturup dinlendiler.',
    'Bölüm',
  ),
  ar: texts(
    ['سر', 'أغنية', 'رحلة', 'رسالة', 'قلب', 'مفتاح', 'منارة', 'جزيرة'],
    ['الغابة', 'الجدة', 'تحت المطر', 'البحر', 'القاهرة', 'ليلى', 'منتصف الليل', 'بلا اسم'],
    [
      'قصة عن الصداقة والشجاعة.',
      'حكاية هادئة قبل النوم.',
      'تجد ليلى مفتاحا قديما في العلية.',
      'يسافر أخوان بالقطار إلى الإسكندرية.',
      'بجمل قصيرة ومفردات بسيطة.',
      'مناسبة لتدريب الفعل الماضي.',
    ],
    ['ليلى حسن', 'عمر خالد', 'سارة يوسف', 'كريم محمود'],
    'في الصباح ذهبت ليلى مع جدتها إلى السوق. كانت الشوارع مزدحمة وكانت رائحة الخبز الطازج في كل مكان. ' +
      'اشترتا التفاح والجبن والزهور ثم جلستا على مقعد قرب النهر.',
    'الفصل',
  ),
  hi: texts(
    ['रहस्य', 'गीत', 'यात्रा', 'चिट्ठी', 'दिल', 'चाबी', 'दीपस्तंभ', 'द्वीप'],
    ['जंगल का', 'दादी की', 'बारिश में', 'समुद्र के पास', 'दिल्ली में', 'मीरा का', 'आधी रात को', 'बिना नाम का'],
    [
      'दोस्ती और हिम्मत की एक कहानी।',
      'सोने से पहले की एक शांत कहानी।',
      'मीरा को अटारी में एक पुरानी चाबी मिलती है।',
      'दो भाई ट्रेन से मुंबई जाते हैं।',
      'छोटे वाक्य और आसान शब्द।',
      'भूतकाल के अभ्यास के लिए अच्छी।',
    ],
    ['मीरा शर्मा', 'अर्जुन वर्मा', 'प्रिया सिंह', 'राहुल गुप्ता'],
    'सुबह मीरा अपनी दादी के साथ बाज़ार गई। गलियों में बहुत भीड़ थी और हर जगह ताज़ी रोटी की ख़ुशबू थी। ' +
      'उन्होंने सेब, पनीर और फूल खरीदे और फिर नदी के पास एक बेंच पर बैठ गईं।',
    'अध्याय',
  ),
  ja: texts(
    ['森の', '夜の', '海辺の', '小さな', '雨の日の', '冬の', '東京の', '秘密の'],
    ['図書館', '手紙', '灯台', '猫', '約束', '歌', '旅', '鍵'],
    [
      '友情と勇気の物語。',
      '寝る前に読む静かなお話。',
      'ミミは屋根裏で古い鍵を見つけます。',
      '二人の兄弟が電車で京都へ行きます。',
      '短い文とやさしい言葉で書かれています。',
      '過去形の練習にぴったりです。',
    ],
    ['佐藤 花子', '鈴木 一郎', '高橋 美咲', '田中 翔'],
    '朝、ミミはおばあさんと市場へ行きました。道にはたくさんの人がいて、焼きたてのパンのにおいがしました。' +
      'りんごとチーズと花を買って、川のそばのベンチに座りました。',
    '第',
    '',
  ),
  ko: texts(
    ['숲의', '밤의', '바닷가의', '작은', '비 오는 날의', '겨울의', '서울의', '비밀의'],
    ['도서관', '편지', '등대', '고양이', '약속', '노래', '여행', '열쇠'],
    [
      '우정과 용기에 관한 이야기.',
      '잠들기 전에 읽는 조용한 이야기.',
      '지민은 다락방에서 오래된 열쇠를 찾습니다.',
      '두 형제가 기차를 타고 부산에 갑니다.',
      '짧은 문장과 쉬운 단어로 쓰였습니다.',
      '과거형 연습에 좋습니다.',
    ],
    ['김지민', '이서준', '박하은', '최민호'],
    '아침에 지민은 할머니와 함께 시장에 갔습니다. 거리에는 사람이 많았고 갓 구운 빵 냄새가 났습니다. ' +
      '사과와 치즈와 꽃을 사고 강가의 벤치에 앉아 쉬었습니다.',
    '제',
  ),
  zh: texts(
    ['森林里的', '夜晚的', '海边的', '小小的', '下雨天的', '冬天的', '北京的', '秘密的'],
    ['图书馆', '信', '灯塔', '猫', '约定', '歌', '旅行', '钥匙'],
    [
      '一个关于友谊和勇气的故事。',
      '睡前读的安静故事。',
      '小明在阁楼里找到一把旧钥匙。',
      '两兄弟坐火车去上海。',
      '句子简短，词汇简单。',
      '适合练习过去的表达。',
    ],
    ['王小明', '李华', '张丽', '陈伟'],
    '早上，小明和奶奶一起去市场。街上人很多，到处都是新鲜面包的香味。他们买了苹果、奶酪和花，然后坐在河边的长椅上休息。',
    '第',
    '',
  ),
};

/**
 * Searches a learner types in the Spanish library: accented and unaccented (the search folds both), one or
 * two words, names, and one that finds nothing.
 */
export const SPANISH_SEARCHES = [
  'canción',
  'cancion',
  'corazón',
  'león',
  'búsqueda',
  'árbol mágico',
  'Begoña',
  'niña faro',
  'Núñez',
  'estación',
  'pájaro azul',
  'desván',
  'ñandú',
] as const;

/** Filters a learner sets on the Spanish library (the filter panel's combinations). */
export const SPANISH_FILTERS = [
  'difficulty=child,teen&topics=animals',
  'difficulty=infant,child',
  'topics=mystery,adventure&hide_adult=true',
  'length=short,medium&difficulty=teen',
  'difficulty=adult,expert&topics=romance',
  'topics=family,everyday,comedy',
] as const;
