-- The privacy page says what the first-party analytics (20261205200001_analytics.sql) keeps:
-- one paragraph per language, put before the section on your rights (or at the end of a body
-- an admin rewrote without it), once. The update keeps its revision like any edit
-- (content_keep_revision).
with paragraph (lang, html) as (
  values
    ('en', '<p>To see how the site is used, its own server counts page views and the forms sent (contact messages, quote requests, sign-ups, newsletter subscriptions), without a cookie or any script. It keeps the page, the language, the site or campaign that linked here, the kind of device and, behind our proxy, the country — never your address or the details of your browser. The visits of one day are grouped under a code made from a secret that is deleted at the end of that day, so nobody, us included, can tell who you are or link your visits across days. Browsers sending Do-Not-Track or Global Privacy Control are not counted. The records are kept 30 days, then only daily totals.</p>'),
    ('sw', '<p>Ili kuona jinsi tovuti inavyotumika, seva yake yenyewe huhesabu kurasa zinazotazamwa na fomu zinazotumwa (jumbe za mawasiliano, maombi ya bei, usajili, usajili wa jarida), bila kidakuzi wala hati yoyote. Huhifadhi ukurasa, lugha, tovuti au kampeni iliyokuleta hapa, aina ya kifaa na, kupitia proksi yetu, nchi — kamwe si anwani yako wala maelezo ya kivinjari chako. Ziara za siku moja huwekwa pamoja chini ya msimbo unaotokana na siri inayofutwa mwisho wa siku hiyo, hivyo hakuna mtu, sisi tukiwemo, anayeweza kujua wewe ni nani wala kuunganisha ziara zako za siku tofauti. Vivinjari vinavyotuma Do-Not-Track au Global Privacy Control havihesabiwi. Kumbukumbu huhifadhiwa siku 30, kisha jumla za kila siku pekee.</p>'),
    ('fr', '<p>Pour savoir comment le site est utilisé, son propre serveur compte les pages vues et les formulaires envoyés (messages, demandes de devis, inscriptions, abonnements à la newsletter), sans cookie ni script. Il conserve la page, la langue, le site ou la campagne qui vous a amené ici, le type d’appareil et, derrière notre proxy, le pays — jamais votre adresse ni les détails de votre navigateur. Les visites d’une journée sont regroupées sous un code issu d’un secret supprimé à la fin de cette journée : personne, nous compris, ne peut savoir qui vous êtes ni relier vos visites d’un jour à l’autre. Les navigateurs qui envoient Do-Not-Track ou Global Privacy Control ne sont pas comptés. Les données sont gardées 30 jours, puis seulement des totaux par jour.</p>')
),
updated as (
  select d.id,
         d.body || jsonb_object_agg(
           p.lang,
           case when d.body ->> p.lang ~ '<h2>3\.'
                then regexp_replace(d.body ->> p.lang, '(<h2>3\.)', p.html || E'\n\\1')
                else (d.body ->> p.lang) || E'\n' || p.html end
         ) as body
    from public.legal_documents d
    join paragraph p on d.body ? p.lang and position(p.html in d.body ->> p.lang) = 0
   where d.id = 'privacy'
   group by d.id, d.body
)
update public.legal_documents d
   set body = updated.body
  from updated
 where d.id = updated.id;
