import type { ProjectText } from "./portfolio";
import type { MemberText } from "./team";

/** Portfolio projects and team roles in Kiswahili (client and people names stay as they are). */
export const projectsSw: Record<string, ProjectText> = {
  "e-commerce-platform": {
    title: "Jukwaa la Biashara Mtandaoni",
    description:
      "Duka la mboga mtandaoni lenye malipo ya M-Pesa, muda wa kuletewa bidhaa na dashibodi ya stoo.",
    challenge:
      "Oda zilikuja kwa simu na WhatsApp, stoo ilifuatiliwa kwenye karatasi na malipo yalikuwa magumu kulinganisha.",
    outcome:
      "Oda za mtandaoni sasa ni asilimia 40 ya mauzo, na kila malipo hulinganishwa na oda yake yenyewe.",
  },
  "mobile-banking-app": {
    title: "Programu ya Benki kwa Simu",
    description:
      "Programu salama ya Android na iOS kwa wanachama wa Sacco kuweka akiba, kukopa na kuangalia taarifa za akaunti.",
    challenge: "Wanachama walipanga foleni matawini ili kuangalia salio au kuomba mkopo.",
    outcome:
      "Zaidi ya wanachama 12,000 hutumia programu kila mwezi na foleni matawini zimepungua kwa nusu.",
  },
  "restaurant-management-system": {
    title: "Mfumo wa Kusimamia Mgahawa",
    description:
      "Oda, skrini ya jikoni, stoo na ripoti za kila siku kwa mgahawa wenye matawi kadhaa.",
    challenge:
      "Tiketi za karatasi zilipotea kati ya wahudumu na jikoni, na bidhaa ziliisha bila mtu kugundua.",
    outcome:
      "Oda hufika jikoni papo hapo na ripoti za mwisho wa mwezi huchukua dakika badala ya siku.",
  },
  "healthcare-patient-portal": {
    title: "Lango la Wagonjwa",
    description:
      "Kupanga miadi mtandaoni, vikumbusho kwa SMS na kuona mipango ya matibabu kwa usalama.",
    challenge:
      "Miadi iliyokosekana na simu za kupanga miadi zilichukua siku nzima ya wahudumu wa mapokezi.",
    outcome:
      "Wagonjwa wasiofika walipungua kwa asilimia 35 ndani ya miezi mitatu baada ya kuanza vikumbusho vya SMS.",
  },
  "logistics-tracking-platform": {
    title: "Jukwaa la Kufuatilia Mizigo",
    description:
      "Kufuatilia vifurushi papo hapo, njia za madereva na uthibitisho wa kufikishwa kwa kampuni ya usafirishaji ya kanda.",
    challenge: "Wateja walipiga simu kila mara kuuliza vifurushi vyao viko wapi.",
    outcome: "Wateja hufuatilia mizigo wenyewe na simu za msaada zimepungua kwa nusu.",
  },
  "educational-learning-platform": {
    title: "Jukwaa la Kujifunzia",
    description:
      "Kozi, maswali ya majaribio na masomo ya video yanayotazamwa bila mtandao kwa wanafunzi wanaosomea kwenye simu.",
    challenge:
      "Wanafunzi wa maeneo ya vijijini hawakuweza kutazama masomo mtandaoni kwa data ya polepole na ghali.",
    outcome:
      "Masomo hupakuliwa mara moja na kuchezwa bila mtandao; wanaomaliza kozi wameongezeka kwa asilimia 60.",
  },
};

export const categoriesSw = {
  "Web Development": "Utengenezaji wa Tovuti",
  "Mobile Development": "Programu za Simu",
  "Software Development": "Programu za Biashara",
} as const;

export const teamSw: Record<string, MemberText> = {
  "Brian Otieno": {
    role: "Mwanzilishi na Msanidi Mkuu",
    bio: "Brian amejenga tovuti na mifumo ya mtandaoni kwa biashara za Kenya kwa zaidi ya miaka kumi. Anaongoza timu yetu ya wahandisi na huandika kuhusu mtandao, AI na kukuza biashara mtandaoni.",
  },
  "Amina Wanjiru": {
    role: "Mkuu wa Usanifu na Programu za Simu",
    bio: "Amina husanifu bidhaa zinazoanza na simu kwa masoko ya Afrika na huongoza miradi yetu ya programu za simu. Anajali skrini zilizo wazi na za haraka zinazofanya kazi kwenye kila simu na kila mtandao.",
  },
  "David Kamau": {
    role: "Mhandisi wa Wingu na Malipo",
    bio: "David anaendesha jukwaa letu la uhifadhi wa tovuti na miunganisho ya malipo, kuanzia malipo ya M-Pesa hadi API za benki. Huandika kuhusu uthabiti, usalama na miundombinu ya maduka ya mtandaoni.",
  },
  "Grace Njeri": {
    role: "Kiongozi wa Masoko ya Kidijitali",
    bio: "Grace hupanga kampeni za utafutaji, mitandao ya kijamii na SMS zinazoleta ukuaji unaopimika, na kila mwezi hutoa ripoti ya kilichofanya kazi.",
  },
};

export const fallbackBioSw =
  "Mwanachama wa timu yetu ya wasanifu, wasanidi programu na wataalamu wa masoko wanaosaidia biashara za Afrika kukua mtandaoni.";
