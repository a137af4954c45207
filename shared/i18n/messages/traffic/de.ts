/** The words of the site report's AI crawler traffic section (docs/reports.md#ai-crawler-traffic), spread into ../de.ts. */
import type { Message } from '../../message.js';

export const deTraffic = {
  'traffic.title': 'KI-Crawler in den Server-Logs',
  'traffic.intro': {
    one: 'Vom {since} bis {until} zeigen die Server-Logs der Website {count} Abruf durch KI-Crawler.',
    other: 'Vom {since} bis {until} zeigen die Server-Logs der Website {count} Abrufe durch KI-Crawler.',
  },
  'traffic.introVisits': {
    one: 'Antwortmaschinen haben {count} Besucher auf die Website gebracht.',
    other: 'Antwortmaschinen haben {count} Besucher auf die Website gebracht.',
  },
  'traffic.meaningRefused':
    'Die Website hat {share} der Abrufe von KI-Crawlern abgewiesen (mit einem Fehler oder einer Sperre): Was ein Crawler nicht lesen kann, kann eine Antwortmaschine weder nutzen noch zitieren.',
  'traffic.meaningSpoofed':
    '{share} der Abrufe trugen den Namen eines KI-Crawlers, kamen aber von Adressen, die sein Betreiber nicht nutzt: Dahinter steckt jemand anderes, eine Sperre kostet die Website also keine KI-Sichtbarkeit.',
  'traffic.meaningNotFetched': {
    one: 'KI-Crawler lesen die Website, aber {count} geprüfte Seite hat keiner von ihnen abgerufen: Eine Antwortmaschine kann keine Seite zitieren, die sie nicht gelesen hat. Verlinken Sie sie von Seiten, die abgerufen werden, und nehmen Sie sie in die Sitemap auf.',
    other:
      'KI-Crawler lesen die Website, aber {count} geprüfte Seiten hat keiner von ihnen abgerufen: Eine Antwortmaschine kann keine Seite zitieren, die sie nicht gelesen hat. Verlinken Sie sie von Seiten, die abgerufen werden, und nehmen Sie sie in die Sitemap auf.',
  },
  'traffic.meaningReferrals': {
    one: 'KI-Crawler lesen die Website, und Antwortmaschinen schicken bereits Menschen dorthin ({count} Besuch): Die Seiten, auf denen sie landen, sollten aktuell und gut lesbar bleiben.',
    other:
      'KI-Crawler lesen die Website, und Antwortmaschinen schicken bereits Menschen dorthin ({count} Besuche): Die Seiten, auf denen sie landen, sollten aktuell und gut lesbar bleiben.',
  },
  'traffic.meaningNoReferrals':
    'KI-Crawler lesen die Website, aber in diesem Zeitraum kam niemand über eine Antwortmaschine: Gelesen zu werden ist der erste Schritt, in Antworten zitiert zu werden der nächste.',
  'traffic.meaningReferralsOnly': {
    one: 'Für diesen Zeitraum enthalten die Logs keinen Abruf durch KI-Crawler, doch Antwortmaschinen haben {count} Besucher gebracht: Prüfen Sie, ob die Logs die ganze Website abdecken.',
    other:
      'Für diesen Zeitraum enthalten die Logs keinen Abruf durch KI-Crawler, doch Antwortmaschinen haben {count} Besucher gebracht: Prüfen Sie, ob die Logs die ganze Website abdecken.',
  },
  'traffic.chartDescription': {
    one: 'Abrufe durch KI-Crawler pro Tag vom {since} bis {until}: {count} insgesamt; der stärkste Tag war der {busiest} mit {busiestHits}. Nach Zweck: {purposes}.',
    other:
      'Abrufe durch KI-Crawler pro Tag vom {since} bis {until}: {count} insgesamt; der stärkste Tag war der {busiest} mit {busiestHits}. Nach Zweck: {purposes}.',
  },
  'traffic.status2xx': 'ausgeliefert (2xx)',
  'traffic.status3xx': 'weitergeleitet (3xx)',
  'traffic.status4xx': 'abgewiesen oder fehlend (4xx)',
  'traffic.status5xx': 'Serverfehler (5xx)',
  'traffic.agent': 'Agent',
  'traffic.requests': 'Abrufe',
  'traffic.verified': 'Bestätigt',
  'traffic.spoofed': 'Gefälscht',
  'traffic.refused': 'Abgewiesen',
  'traffic.agentsNote':
    'Bestätigt: von den Adressen, die der Betreiber für seinen Crawler veröffentlicht. Gefälscht: der Name des Crawlers von anderen Adressen. Abgewiesen: mit einem Fehler beantwortet (4xx oder 5xx).',
  'traffic.referralsTitle': 'Besucher über Antwortmaschinen',
  'traffic.noReferrals': 'In diesem Zeitraum kam kein Besucher über eine Antwortmaschine.',
  'traffic.engine': 'Antwortmaschine',
  'traffic.visits': 'Besuche',
  'traffic.landingPages': 'Seiten, auf denen sie landeten',
  'traffic.notFetchedTitle': 'Geprüfte Seiten, die kein KI-Crawler abgerufen hat',
  'traffic.notFetchedIntro': {
    one: '{count} der {total} geprüften Seiten wurde in diesem Zeitraum von keinem KI-Crawler abgerufen:',
    other: '{count} der {total} geprüften Seiten wurden in diesem Zeitraum von keinem KI-Crawler abgerufen:',
  },
  'traffic.allFetched': 'Jede geprüfte Seite wurde in diesem Zeitraum von mindestens einem KI-Crawler abgerufen.',
} as const satisfies Record<string, Message>;
