/** The words of the site report's AI crawler traffic section (docs/reports.md#ai-crawler-traffic), spread into ../es.ts. */
import type { Message } from '../../message.js';

export const esTraffic = {
  'traffic.title': 'Los rastreadores de IA en los registros del servidor',
  'traffic.intro': {
    one: 'Del {since} al {until}, los registros del servidor del sitio muestran {count} solicitud de rastreadores de IA.',
    other: 'Del {since} al {until}, los registros del servidor del sitio muestran {count} solicitudes de rastreadores de IA.',
  },
  'traffic.introVisits': {
    one: 'Los motores de respuesta enviaron {count} visitante al sitio.',
    other: 'Los motores de respuesta enviaron {count} visitantes al sitio.',
  },
  'traffic.meaningRefused':
    'El sitio rechazó el {share} de las solicitudes de los rastreadores de IA (con un error o un bloqueo): lo que un rastreador no puede leer, un motor de respuesta no puede usarlo ni citarlo.',
  'traffic.meaningSpoofed':
    'El {share} de las solicitudes usaba el nombre de un rastreador de IA desde direcciones que su operador no usa: vienen de otra persona, así que bloquearlas no le cuesta al sitio visibilidad en la IA.',
  'traffic.meaningNotFetched': {
    one: 'Los rastreadores de IA leen el sitio, pero {count} página auditada no fue descargada por ninguno: un motor de respuesta no puede citar una página que no ha leído, así que enlázala desde páginas que sí descargan e inclúyela en el sitemap.',
    other:
      'Los rastreadores de IA leen el sitio, pero {count} páginas auditadas no fueron descargadas por ninguno: un motor de respuesta no puede citar una página que no ha leído, así que enlázalas desde páginas que sí descargan e inclúyelas en el sitemap.',
  },
  'traffic.meaningReferrals': {
    one: 'Los rastreadores de IA leen el sitio y los motores de respuesta ya le envían personas ({count} visita): vale la pena mantener exactas y fáciles de leer las páginas a las que llegan.',
    other:
      'Los rastreadores de IA leen el sitio y los motores de respuesta ya le envían personas ({count} visitas): vale la pena mantener exactas y fáciles de leer las páginas a las que llegan.',
  },
  'traffic.meaningNoReferrals':
    'Los rastreadores de IA leen el sitio, pero nadie llegó desde un motor de respuesta en este periodo: ser leído es el primer paso; ser citado en las respuestas, el siguiente.',
  'traffic.meaningReferralsOnly': {
    one: 'Los registros no contienen ninguna solicitud de rastreadores de IA en este periodo, pero los motores de respuesta enviaron {count} visitante: comprueba que los registros cubren todo el sitio.',
    other:
      'Los registros no contienen ninguna solicitud de rastreadores de IA en este periodo, pero los motores de respuesta enviaron {count} visitantes: comprueba que los registros cubren todo el sitio.',
  },
  'traffic.chartDescription': {
    one: 'Solicitudes de rastreadores de IA por día del {since} al {until}: {count} en total; el día con más solicitudes fue el {busiest}, con {busiestHits}. Por finalidad: {purposes}.',
    other:
      'Solicitudes de rastreadores de IA por día del {since} al {until}: {count} en total; el día con más solicitudes fue el {busiest}, con {busiestHits}. Por finalidad: {purposes}.',
  },
  'traffic.status2xx': 'servidas (2xx)',
  'traffic.status3xx': 'redirigidas (3xx)',
  'traffic.status4xx': 'rechazadas o inexistentes (4xx)',
  'traffic.status5xx': 'errores del servidor (5xx)',
  'traffic.agent': 'Agente',
  'traffic.requests': 'Solicitudes',
  'traffic.verified': 'Verificadas',
  'traffic.spoofed': 'Suplantadas',
  'traffic.refused': 'Rechazadas',
  'traffic.agentsNote':
    'Verificadas: desde las direcciones que el operador publica para su rastreador. Suplantadas: el nombre del rastreador desde otras direcciones. Rechazadas: respondidas con un error (4xx o 5xx).',
  'traffic.referralsTitle': 'Visitantes desde motores de respuesta',
  'traffic.noReferrals': 'Ningún visitante llegó desde un motor de respuesta en este periodo.',
  'traffic.engine': 'Motor de respuesta',
  'traffic.visits': 'Visitas',
  'traffic.landingPages': 'Páginas a las que llegaron',
  'traffic.notFetchedTitle': 'Páginas auditadas que ningún rastreador de IA descargó',
  'traffic.notFetchedIntro': {
    one: '{count} de las {total} páginas auditadas no fue descargada por ningún rastreador de IA en este periodo:',
    other: '{count} de las {total} páginas auditadas no fueron descargadas por ningún rastreador de IA en este periodo:',
  },
  'traffic.allFetched': 'Todas las páginas auditadas fueron descargadas por al menos un rastreador de IA en este periodo.',
} as const satisfies Record<string, Message>;
