import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../shared/facts/language/lexicon.js';
import { asksForJavaScript, isCommentsHeading, isFaqHeading, linkPatternFor, languagesOf } from '../../../shared/facts/language/match.js';
import { isQuestion } from '../../../shared/facts/questions.js';
import { bylinesIn } from '../../../shared/facts/visible-byline.js';

/** One example per language and kind, as a page in that language writes it. */
const EXAMPLES: Record<string, { about: string; contact: string; faq: string; question: string; byline: string; comments: string }> = {
  en: {
    about: 'About us',
    contact: 'Contact us',
    faq: 'Frequently asked questions',
    question: 'How long does cold brew keep',
    byline: 'Posted by Jane Doe',
    comments: '12 Comments',
  },
  es: {
    about: 'Quiénes somos',
    contact: 'Atención al cliente',
    faq: 'Preguntas frecuentes',
    question: 'Cómo se prepara',
    byline: 'Escrito por María López',
    comments: 'Comentarios (3)',
  },
  de: {
    about: 'Über uns',
    contact: 'Kundenservice',
    faq: 'Häufig gestellte Fragen',
    question: 'Wie lange hält sich Cold Brew',
    byline: 'Von Anna Müller',
    comments: '4 Kommentare',
  },
  ja: {
    about: '会社概要',
    contact: 'お問い合わせ',
    faq: 'よくある質問',
    question: 'なぜ水出しは甘いのか',
    byline: '著者：山田太郎',
    comments: 'コメント',
  },
  fr: {
    about: 'Qui sommes-nous',
    contact: 'Contactez-nous',
    faq: 'Foire aux questions',
    question: 'Pourquoi le café froid est doux',
    byline: 'Par Jean Dupont',
    comments: 'Commentaires',
  },
  ru: {
    about: 'О нас',
    contact: 'Контакты',
    faq: 'Часто задаваемые вопросы',
    question: 'Как приготовить колд брю',
    byline: 'Автор: Иван Петров',
    comments: 'Комментарии',
  },
  pt: {
    about: 'Sobre a Folha',
    contact: 'Fale conosco',
    faq: 'Perguntas frequentes',
    question: 'Como fazer cold brew',
    byline: 'Por Ana Souza',
    comments: 'Comentários',
  },
  it: {
    about: 'Chi siamo',
    contact: 'Contattaci',
    faq: 'Domande frequenti',
    question: 'Perché il cold brew è dolce',
    byline: 'Scritto da Marco Rossi',
    comments: 'Commenti',
  },
  nl: {
    about: 'Over Tweakers',
    contact: 'Klantenservice',
    faq: 'Veelgestelde vragen',
    question: 'Hoe lang blijft cold brew goed',
    byline: 'Door Pieter de Vries',
    comments: '8 reacties',
  },
  pl: {
    about: 'O nas',
    contact: 'Obsługa klienta',
    faq: 'Najczęściej zadawane pytania',
    question: 'Jak przygotować cold brew',
    byline: 'Autor: Jan Kowalski',
    comments: 'Komentarze',
  },
  tr: {
    about: 'Hakkımızda',
    contact: 'Bize ulaşın',
    faq: 'Sıkça sorulan sorular',
    question: 'Nasıl hazırlanır',
    byline: 'Yazar: Ayşe Yılmaz',
    comments: 'Yorumlar',
  },
  zh: { about: '关于我们', contact: '联系我们', faq: '常见问题', question: '如何制作冷萃咖啡', byline: '作者：张伟', comments: '评论' },
  fa: {
    about: 'درباره ما',
    contact: 'تماس با ما',
    faq: 'سوالات متداول',
    question: 'چگونه قهوه سرد دم کنیم',
    byline: 'نویسنده: علی رضایی',
    comments: 'نظرات',
  },
  vi: {
    about: 'Về chúng tôi',
    contact: 'Liên hệ',
    faq: 'Câu hỏi thường gặp',
    question: 'Tại sao cà phê ủ lạnh ngọt',
    byline: 'Tác giả: Nguyễn Văn An',
    comments: 'Bình luận',
  },
  id: {
    about: 'Tentang kami',
    contact: 'Hubungi kami',
    faq: 'Pertanyaan yang sering diajukan',
    question: 'Bagaimana cara membuat cold brew',
    byline: 'Oleh Budi Santoso',
    comments: 'Komentar',
  },
  cs: {
    about: 'O nás',
    contact: 'Zákaznický servis',
    faq: 'Často kladené otázky',
    question: 'Jak připravit cold brew',
    byline: 'Autor: Jan Novák',
    comments: 'Komentáře',
  },
  ko: {
    about: '회사소개',
    contact: '고객센터',
    faq: '자주 묻는 질문',
    question: '어떻게 콜드브루를 만드나요',
    byline: '작성자: 김민수',
    comments: '댓글',
  },
  uk: {
    about: 'Про нас',
    contact: 'Контакти',
    faq: 'Часті запитання',
    question: 'Як приготувати колд брю',
    byline: 'Автор: Олена Шевченко',
    comments: 'Коментарі',
  },
  ar: {
    about: 'من نحن',
    contact: 'اتصل بنا',
    faq: 'الأسئلة الشائعة',
    question: 'كيف تحضر القهوة الباردة',
    byline: 'بقلم أحمد علي',
    comments: 'التعليقات',
  },
  hu: {
    about: 'Rólunk',
    contact: 'Kapcsolat',
    faq: 'Gyakran ismételt kérdések',
    question: 'Hogyan készül a cold brew',
    byline: 'Szerző: Kovács Anna',
    comments: 'Hozzászólások',
  },
};

describe('the lexicon', () => {
  it('covers 20 languages, each with every kind of word', () => {
    expect(LANGUAGES).toHaveLength(20);
    expect(Object.keys(EXAMPLES).sort()).toEqual(LANGUAGES.map((l) => l.code).sort());
    for (const l of LANGUAGES)
      for (const kind of ['about', 'contact', 'byline', 'dated', 'faq', 'questions', 'javascript', 'comments'] as const)
        expect(l[kind].length, `${l.code} ${kind}`).toBeGreaterThan(0);
  });

  for (const [code, e] of Object.entries(EXAMPLES)) {
    it(`reads a page in ${code}`, () => {
      expect(linkPatternFor('about', code).test(e.about), e.about).toBe(true);
      expect(linkPatternFor('contact', code).test(e.contact), e.contact).toBe(true);
      expect(isFaqHeading(e.faq, code), e.faq).toBe(true);
      expect(isQuestion(e.question, code), e.question).toBe(true);
      expect(bylinesIn(e.byline, code).length, e.byline).toBe(1);
      expect(isCommentsHeading(e.comments, code), e.comments).toBe(true);
    });
  }

  it('reads English and the page language; every language when the page declares none', () => {
    expect(languagesOf('nl-BE').map((l) => l.code)).toEqual(['en', 'nl']);
    expect(languagesOf('en-GB').map((l) => l.code)).toEqual(['en']);
    expect(languagesOf(null)).toBe(LANGUAGES);
  });

  it('keeps ambiguous words to their own language', () => {
    // "Over" is Dutch for "about" only on a Dutch page; "Come" is an Italian question only on an Italian page.
    expect(linkPatternFor('about', 'en').test('Over 200 recipes')).toBe(false);
    expect(linkPatternFor('about', 'nl').test('Over ons')).toBe(true);
    expect(isQuestion('Come and see us', 'en')).toBe(false);
    expect(isQuestion('Come and see us', null)).toBe(false);
    expect(isQuestion('Come funziona', 'it')).toBe(true);
    // A heading "Discussion" in a paper is not a comment section; "Comment is free" is no comment count.
    expect(isCommentsHeading('Discussion', 'en')).toBe(false);
    expect(isCommentsHeading('Comment is free', 'en')).toBe(false);
  });

  it('knows a request for JavaScript in several languages', () => {
    for (const text of [
      'You need to enable JavaScript to run this app.',
      'Bitte JavaScript aktivieren.',
      'Veuillez activer JavaScript.',
      'Por favor, habilita JavaScript.',
      'Ative o JavaScript para continuar.',
      'Schakel JavaScript in om verder te gaan.',
      'Włącz JavaScript.',
      'Пожалуйста, включите JavaScript.',
      'JavaScriptを有効にしてください。',
      '请启用 JavaScript',
    ])
      expect(asksForJavaScript(text), text).toBe(true);
    expect(asksForJavaScript('JavaScript tutorials for beginners')).toBe(false);
  });
});
