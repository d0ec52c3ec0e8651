import type { ServiceText } from "./services";

/** The services in Kiswahili (Kenyan usage; terms from app/i18n/glossary.md). */
export const servicesSw: Record<string, ServiceText> = {
  "web-development": {
    title: "Utengenezaji wa Tovuti",
    description:
      "Tovuti na mifumo ya mtandaoni iliyo ya haraka, salama na inayofaa simu, inayowageuza wageni kuwa wateja.",
    longDescription:
      "Kuanzia tovuti ya kampuni ya kurasa tano hadi duka kamili la mtandaoni lenye malipo ya M-Pesa, tunasanifu na kujenga tovuti zinazofunguka haraka kwenye simu yoyote, zinazoonekana vizuri kwenye injini za utafutaji na ambazo timu yako inaweza kusasisha kwa urahisi. Kila mradi hujengwa kwa teknolojia ya kisasa iliyo rahisi kutunza, na tunakukabidhi pamoja na mafunzo na maelekezo.",
    cta: "Anzisha Tovuti Yako",
    features: [
      "Muundo unaofaa simu, tabiti na kompyuta",
      "Kuboreshwa kwa injini za utafutaji (SEO) tangu siku ya kwanza",
      "Mfumo wa kusimamia maudhui ambao timu yako inaweza kutumia",
      "Malipo kwa M-Pesa, kadi na benki",
      "Takwimu za wageni na ufuatiliaji wa mauzo",
    ],
    process: [
      {
        title: "Kuelewa",
        description: "Tunajifunza malengo yako, wateja wako na washindani wako.",
      },
      { title: "Usanifu", description: "Michoro ya awali na miundo unayoidhinisha." },
      { title: "Ujenzi", description: "Utengenezaji pamoja na tathmini ya maendeleo kila wiki." },
      { title: "Uzinduzi", description: "Majaribio, kuweka hewani na mafunzo kwa timu yako." },
    ],
    technologies: ["React", "TypeScript", "Node.js", "PostgreSQL", "Tailwind CSS", "WordPress"],
  },
  "mobile-app-development": {
    title: "Utengenezaji wa Programu za Simu",
    description: "Programu za Android na iOS ambazo wateja wako watapenda kutumia kila siku.",
    longDescription:
      "Tunatengeneza programu za simu zinazofanya kazi vizuri kwenye simu za bei nafuu za Android na iPhone za kisasa, zinazotumika hata mtandao ukiwa dhaifu au ukikatika, na zinazounganishwa na huduma za malipo na ujumbe ambazo wateja wako tayari wanatumia. Tunashughulikia kuziweka kwenye maduka ya programu, matoleo mapya na masasisho ya kila wakati.",
    cta: "Tengeneza Programu Yako",
    features: [
      "Android na iOS kutoka kwa msimbo mmoja",
      "Data inayopatikana bila mtandao na kusawazishwa baadaye",
      "Arifa za moja kwa moja, na SMS ikikosekana data",
      "Malipo ya M-Pesa na kadi ndani ya programu",
      "Kuchapisha kwenye Play Store na App Store",
    ],
    process: [
      { title: "Mkakati", description: "Kuwabainisha watumiaji, vipengele na mpango wa matoleo." },
      { title: "Mfano", description: "Mfano unaobonyezeka wa kujaribiwa na watumiaji halisi." },
      { title: "Utengenezaji", description: "Awamu fupi zenye toleo la majaribio kila wiki." },
      {
        title: "Uzinduzi",
        description: "Kuwasilisha kwenye maduka ya programu, ufuatiliaji na masasisho.",
      },
    ],
    technologies: [
      "React Native",
      "Flutter",
      "Kotlin",
      "Swift",
      "Firebase",
      "API za REST na GraphQL",
    ],
  },
  "software-development": {
    title: "Utengenezaji wa Programu za Biashara",
    description:
      "Programu maalum za biashara — ERP, milango ya wateja na zana za ndani — zilizojengwa kulingana na jinsi unavyofanya kazi.",
    longDescription:
      "Programu za dukani zisipokufaa, tunajenga mifumo inayolingana na taratibu zako: stoo na mauzo, usimamizi wa shule na hospitali, dashibodi za usafirishaji na milango ya wateja. Tunaiunganisha na zana unazotumia tayari na kuhakikisha data yako iko salama na ina nakala rudufu.",
    cta: "Jadili Mradi Wako",
    features: [
      "Uchambuzi wa mahitaji na uchoraji wa taratibu",
      "Ruhusa kulingana na nafasi na kumbukumbu za shughuli",
      "Kuunganishwa na KRA eTIMS, M-Pesa na benki",
      "Ripoti na dashibodi",
      "Mipango ya msaada na matengenezo",
    ],
    process: [
      { title: "Uchambuzi", description: "Kuchora taratibu zako za kazi na kubainisha mahitaji." },
      {
        title: "Mpangilio wa mfumo",
        description: "Kuchagua muundo wa data, uhifadhi na miunganisho.",
      },
      {
        title: "Ujenzi kwa awamu",
        description: "Kukabidhi sehemu zinazofanya kazi kila wiki mbili.",
      },
      {
        title: "Kuanza kutumia",
        description: "Kuhamisha data, mafunzo kwa wafanyakazi na msaada.",
      },
    ],
    technologies: ["TypeScript", "Python", "Django", "PostgreSQL", "Docker", "AWS"],
  },
  "web-hosting": {
    title: "Uhifadhi wa Tovuti",
    description:
      "Uhifadhi wa tovuti unaoaminika na salama, hewani asilimia 99.9 ya muda, nakala rudufu kila siku na msaada wa karibu unapouhitaji.",
    longDescription:
      "Tovuti yako ina manufaa tu ikiwa hewani. Huduma yetu ya uhifadhi huweka tovuti zikiwa za haraka na zinazopatikana asilimia 99.9 ya muda, ikiwa na vyeti vya SSL bila malipo, nakala rudufu kila siku, ukaguzi wa programu hasidi na akaunti za barua pepe kwenye kikoa chako — pamoja na timu jijini Nairobi inayojibu ndani ya saa 24.",
    cta: "Chagua Kifurushi cha Uhifadhi",
    features: [
      "Uhakika wa kuwa hewani asilimia 99.9 ya muda",
      "Vyeti vya SSL bila malipo",
      "Nakala rudufu kila siku, kurejesha kwa mbofyo mmoja",
      "Barua pepe ya biashara kwenye kikoa chako",
      "Usajili wa vikoa (.co.ke, .com na vinginevyo)",
    ],
    process: [
      {
        title: "Chagua kifurushi",
        description: "Chagua nafasi ya kuhifadhi na kiasi cha wageni unachohitaji.",
      },
      { title: "Kuhamisha", description: "Tunahamisha tovuti na barua pepe zako bila malipo." },
      { title: "Kuweka hewani", description: "Kubadilisha DNS bila tovuti kuzimika." },
      { title: "Ufuatiliaji", description: "Ufuatiliaji na masasisho saa zote." },
    ],
    technologies: ["Linux", "Nginx", "cPanel", "Cloudflare", "Let's Encrypt", "MySQL"],
  },
  "bulk-sms": {
    title: "SMS kwa Wingi",
    description:
      "Wafikie maelfu ya wateja papo hapo kwa SMS kwa wingi zenye jina la biashara yako, vikumbusho na ujumbe wa pande mbili.",
    longDescription:
      "SMS hufika kwenye kila simu, iwe na data au la. Tuma matangazo, vikumbusho vya miadi, uthibitisho wa malipo na tahadhari kwa jina la biashara yako, panga kampeni mapema, weka jina la kila mteja kwenye ujumbe na ufuatilie kama umefika — kupitia dashibodi rahisi au API yetu.",
    cta: "Anza Kutuma",
    features: [
      "Jina la mtumaji la biashara yako",
      "Ujumbe wenye jina la kila mteja kutoka kwenye jedwali",
      "Kupanga muda wa kutuma na ripoti za ujumbe uliofika",
      "SMS za pande mbili na namba fupi",
      "API kwa wasanidi programu na miunganisho",
    ],
    process: [
      { title: "Jisajili", description: "Fungua akaunti yako na jina la mtumaji." },
      { title: "Leta anwani", description: "Pakia orodha za wateja na uunde makundi." },
      { title: "Tuma", description: "Andika, weka majina na panga muda wa kampeni." },
      { title: "Pima", description: "Fuatilia ujumbe uliofika na majibu papo hapo." },
    ],
    technologies: ["API ya lango la SMS", "Webhooks", "USSD", "Namba fupi", "Kuleta faili za CSV"],
  },
  "digital-marketing": {
    title: "Masoko ya Kidijitali",
    description:
      "SEO, mitandao ya kijamii na matangazo ya kulipia yanayokuza hadhira yako na kuleta matokeo yanayopimika.",
    longDescription:
      "Tunapanga na kuendesha kampeni zinazoleta wateja wanaofaa kwenye biashara yako: kuboresha tovuti kwa injini za utafutaji, matangazo ya Google na Meta, kusimamia mitandao ya kijamii, maudhui na masoko kwa barua pepe. Kila shilingi inafuatiliwa, nawe unapata ripoti ya kila mwezi iliyo wazi ya kilichofanya kazi.",
    cta: "Kuza Biashara Yako",
    features: [
      "Kuboresha tovuti kwa injini za utafutaji (SEO)",
      "Matangazo ya Google na Meta",
      "Kusimamia mitandao ya kijamii",
      "Maudhui na masoko kwa barua pepe",
      "Ripoti za matokeo kila mwezi",
    ],
    process: [
      { title: "Tathmini", description: "Kukagua uwepo wako mtandaoni na washindani wako." },
      {
        title: "Mpango",
        description: "Kuweka malengo, njia za kutangaza na bajeti ya kila mwezi.",
      },
      { title: "Utekelezaji", description: "Kuendesha kampeni na kuchapisha maudhui." },
      { title: "Kuboresha", description: "Kupima, kutoa ripoti na kuboresha kila mwezi." },
    ],
    technologies: ["Google Ads", "Meta Ads", "Google Analytics", "Search Console", "Mailchimp"],
  },
  "graphic-design": {
    title: "Usanifu wa Michoro",
    description:
      "Nembo, utambulisho wa chapa na vifaa vya matangazo vinavyoifanya biashara yako ikumbukwe.",
    longDescription:
      "Chapa imara hujenga imani hata kabla mteja hajasoma neno lolote. Tunasanifu nembo, miongozo ya chapa, wasifu wa kampuni, vifungashio, michoro ya mitandao ya kijamii na vifaa vya kuchapisha vinavyoonekana vya kitaalamu popote wateja wako wanapokutana nawe.",
    cta: "Sanifu Chapa Yako",
    features: [
      "Usanifu wa nembo na utambulisho wa chapa",
      "Miongozo ya chapa",
      "Wasifu wa kampuni na vipeperushi",
      "Michoro ya mitandao ya kijamii",
      "Faili tayari kwa mchapishaji yeyote",
    ],
    process: [
      { title: "Maelezo", description: "Kuelewa chapa yako, hadhira yako na mtindo wako." },
      { title: "Mawazo ya awali", description: "Mielekeo miwili au mitatu ya kuchagua." },
      { title: "Kuboresha", description: "Marekebisho hadi kila kitu kiwe sawa kabisa." },
      { title: "Kukabidhi", description: "Faili zote katika kila muundo unaouhitaji." },
    ],
    technologies: ["Figma", "Adobe Illustrator", "Adobe Photoshop", "InDesign", "Canva"],
  },
  "ai-chatbot-assistants": {
    title: "Wasaidizi wa Gumzo wa AI",
    description: "Wasaidizi wa AI wanaowajibu wateja saa zote kwenye tovuti yako na WhatsApp.",
    longDescription:
      "Msaidizi wa AI aliyefunzwa kuhusu bidhaa, bei na sera zako hujibu maswali ya kawaida kwa Kiingereza na Kiswahili wakati wowote, hupanga miadi, hupokea oda na huikabidhi timu yako mazungumzo magumu — kwenye tovuti yako, WhatsApp na Facebook Messenger.",
    cta: "Pata Msaidizi Wako",
    features: [
      "Hujibu kwa Kiingereza na Kiswahili",
      "Tovuti, WhatsApp na Messenger",
      "Amefunzwa kwa nyaraka zako mwenyewe",
      "Kukabidhi mazungumzo kwa mhudumu halisi",
      "Takwimu za mazungumzo",
    ],
    process: [
      {
        title: "Kukusanya",
        description: "Kukusanya maswali ya mara kwa mara, nyaraka na sera zako.",
      },
      { title: "Kufunza", description: "Kuandaa na kujaribu msaidizi kwa maudhui yako." },
      { title: "Kuunganisha", description: "Kuunganisha tovuti yako na njia zako za ujumbe." },
      { title: "Kuboresha", description: "Kupitia mazungumzo na kuboresha majibu." },
    ],
    technologies: [
      "OpenAI API",
      "LangChain",
      "WhatsApp Business API",
      "Python",
      "Utafutaji wa vekta",
    ],
  },
};
