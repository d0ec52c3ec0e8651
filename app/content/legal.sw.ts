import type { LegalSection } from "./legal";

/** The terms and privacy notice in Kiswahili. `{brand}` and `{email}` are filled from site config. */
export const termsSw: LegalSection[] = [
  {
    heading: "Kutumia tovuti hii",
    paragraphs: [
      "Masharti haya yanahusu tovuti hii na eneo la wateja la {brand}. Kwa kufungua akaunti unakubali masharti haya.",
      "Weka nenosiri lako siri na utujulishe kupitia {email} ikiwa unadhani mtu mwingine ametumia akaunti yako.",
    ],
  },
  {
    heading: "Miradi na makadirio ya bei",
    paragraphs: [
      "Bei zilizo kwenye tovuti hii ni viwango elekezi kwa shilingi za Kenya. Kila mradi huanza kwa makadirio ya bei na maelezo ya kazi kwa maandishi; kazi huanza baada ya wewe kuyakubali.",
      "Makubaliano ya kila mradi — kazi itakayokabidhiwa, muda, awamu za malipo na umiliki wa kazi iliyokamilika — yana nguvu zaidi ya ukurasa huu.",
    ],
  },
  {
    heading: "Maudhui",
    paragraphs: [
      "Makala na picha zilizo kwenye tovuti hii ni mali ya {brand} au waandishi wake. Unaweza kushiriki viungo vyake; tafadhali omba ruhusa kabla ya kuyachapisha upya.",
      "Usitumie fomu ya mawasiliano au eneo la wateja kutuma barua taka, programu hasidi au chochote kilicho kinyume cha sheria.",
    ],
  },
  {
    heading: "Dhima na mabadiliko",
    paragraphs: [
      "Tunajitahidi kuiweka tovuti hii hewani na sahihi lakini hatuwezi kuahidi kwamba itakuwa hivyo kila wakati. Hakuna chochote hapa kinachopunguza haki ulizo nazo chini ya sheria ya Kenya ya kulinda watumiaji.",
      "Tunaweza kusasisha masharti haya; tarehe iliyo chini inaonyesha toleo la hivi karibuni. Masharti haya yanaongozwa na sheria za Kenya.",
    ],
  },
];

export const privacySw: LegalSection[] = [
  {
    heading: "Tunachokusanya",
    paragraphs: [
      "Taarifa za akaunti unazotupa: jina, anwani ya barua pepe, nenosiri (linalohifadhiwa tu likiwa limesimbwa kwa njia isiyorudishika), kiungo cha picha ukipenda na majibu yako ya usajili.",
      "Jumbe unazotutumia kupitia fomu ya mawasiliano, na anwani yako ya barua pepe ukijiandikisha kupokea jarida.",
    ],
  },
  {
    heading: "Tunavyozitumia",
    paragraphs: [
      "Kuendesha akaunti yako, kujibu maswali yako, kuandaa makadirio ya bei na — ikiwa tu umejiandikisha — kukutumia jarida. Hatuuzi data yako wala hatutumii vifuatiliaji vya matangazo vya watu wengine.",
      "Tovuti hii huweka vidakuzi vinavyohitajika tu: kipindi chako cha kuingia, jumbe fupi baada ya kutuma fomu, kama uliondoa bango la barua pepe, na lugha uliyochagua.",
    ],
  },
  {
    heading: "Haki zako",
    paragraphs: [
      "Chini ya Sheria ya Ulinzi wa Data ya Kenya ya mwaka 2019, unaweza kuomba kuona, kusahihisha au kufuta data yako binafsi, na kupinga matumizi yake. Tuandikie kupitia {email} nasi tutakujibu ndani ya siku 30.",
      "Unaweza kubadilisha jina na picha yako wakati wowote kwenye ukurasa wa wasifu wako.",
    ],
  },
  {
    heading: "Kuilinda",
    paragraphs: [
      "Data huhifadhiwa na mtoa huduma wetu wa hifadhidata, ikilindwa na sheria za ufikiaji zinazomruhusu kila mtumiaji kusoma kumbukumbu zake tu. Tunahifadhi jumbe za mawasiliano kwa muda tu tunaouhitaji ili kukuhudumia.",
    ],
  },
];
