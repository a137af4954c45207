/** The words of the site report's AI crawler traffic section (docs/reports.md#ai-crawler-traffic), spread into ../fr.ts. */
import type { Message } from '../../message.js';

export const frTraffic = {
  'traffic.title': "Les robots d'IA dans les journaux du serveur",
  'traffic.intro': {
    one: "Du {since} au {until}, les journaux du serveur du site montrent {count} requête de robots d'IA.",
    other: "Du {since} au {until}, les journaux du serveur du site montrent {count} requêtes de robots d'IA.",
  },
  'traffic.introVisits': {
    one: 'Les moteurs de réponse ont envoyé {count} visiteur sur le site.',
    other: 'Les moteurs de réponse ont envoyé {count} visiteurs sur le site.',
  },
  'traffic.meaningRefused':
    "Le site a refusé {share} des requêtes des robots d'IA (une erreur ou un blocage) : ce qu'un robot ne peut pas lire, un moteur de réponse ne peut ni l'utiliser ni le citer.",
  'traffic.meaningSpoofed':
    "{share} des requêtes portaient le nom d'un robot d'IA depuis des adresses que son exploitant n'utilise pas : elles viennent de quelqu'un d'autre, les bloquer ne coûte donc au site aucune visibilité dans l'IA.",
  'traffic.meaningNotFetched': {
    one: "Les robots d'IA lisent le site, mais {count} page auditée n'a été récupérée par aucun d'eux : un moteur de réponse ne peut pas citer une page qu'il n'a pas lue. Ajoutez des liens vers cette page depuis celles qu'ils récupèrent et ajoutez-la au sitemap.",
    other:
      "Les robots d'IA lisent le site, mais {count} pages auditées n'ont été récupérées par aucun d'eux : un moteur de réponse ne peut pas citer une page qu'il n'a pas lue. Ajoutez des liens vers ces pages depuis celles qu'ils récupèrent et ajoutez-les au sitemap.",
  },
  'traffic.meaningReferrals': {
    one: "Les robots d'IA lisent le site et les moteurs de réponse y envoient déjà des personnes ({count} visite) : les pages où elles arrivent méritent d'être exactes et faciles à lire.",
    other:
      "Les robots d'IA lisent le site et les moteurs de réponse y envoient déjà des personnes ({count} visites) : les pages où elles arrivent méritent d'être exactes et faciles à lire.",
  },
  'traffic.meaningNoReferrals':
    "Les robots d'IA lisent le site, mais personne n'est venu d'un moteur de réponse sur cette période : être lu est la première étape, être cité dans les réponses la suivante.",
  'traffic.meaningReferralsOnly': {
    one: "Les journaux ne contiennent aucune requête de robot d'IA sur cette période, pourtant les moteurs de réponse ont envoyé {count} visiteur : vérifiez que les journaux couvrent tout le site.",
    other:
      "Les journaux ne contiennent aucune requête de robot d'IA sur cette période, pourtant les moteurs de réponse ont envoyé {count} visiteurs : vérifiez que les journaux couvrent tout le site.",
  },
  'traffic.chartDescription': {
    one: "Requêtes de robots d'IA par jour du {since} au {until} : {count} au total ; le jour le plus chargé a été le {busiest} avec {busiestHits}. Par usage : {purposes}.",
    other:
      "Requêtes de robots d'IA par jour du {since} au {until} : {count} au total ; le jour le plus chargé a été le {busiest} avec {busiestHits}. Par usage : {purposes}.",
  },
  'traffic.status2xx': 'servies (2xx)',
  'traffic.status3xx': 'redirigées (3xx)',
  'traffic.status4xx': 'refusées ou introuvables (4xx)',
  'traffic.status5xx': 'erreurs du serveur (5xx)',
  'traffic.agent': 'Agent',
  'traffic.requests': 'Requêtes',
  'traffic.verified': 'Vérifiées',
  'traffic.spoofed': 'Usurpées',
  'traffic.refused': 'Refusées',
  'traffic.agentsNote':
    "Vérifiées : depuis les adresses que l'exploitant publie pour son robot. Usurpées : le nom du robot depuis d'autres adresses. Refusées : une erreur en réponse (4xx ou 5xx).",
  'traffic.referralsTitle': 'Visiteurs venus des moteurs de réponse',
  'traffic.noReferrals': "Aucun visiteur n'est venu d'un moteur de réponse sur cette période.",
  'traffic.engine': 'Moteur de réponse',
  'traffic.visits': 'Visites',
  'traffic.landingPages': "Pages d'arrivée",
  'traffic.notFetchedTitle': "Pages auditées qu'aucun robot d'IA n'a récupérées",
  'traffic.notFetchedIntro': {
    one: "{count} des {total} pages auditées n'a été récupérée par aucun robot d'IA sur cette période :",
    other: "{count} des {total} pages auditées n'ont été récupérées par aucun robot d'IA sur cette période :",
  },
  'traffic.allFetched': "Chaque page auditée a été récupérée par au moins un robot d'IA sur cette période.",
} as const satisfies Record<string, Message>;
