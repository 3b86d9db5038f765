/**
 * A hand-written corpus of contact-form messages, real enquiries and spam, that the content spam
 * score is judged on. The spam here already passed the form's proof of work; what is left to tell
 * it apart is its content.
 *
 * Precision comes first: a real enquiry held as spam is a lead answered late. So many of the real
 * ones are hard cases (`hard: true`), enquiries whose words overlap spam's: SEO and Google
 * ranking, backlinks, hourly rates, a pasted error, a forwarded crypto scam, a fintech start-up, a
 * pharmacy, a casino-themed bar, names in other scripts, a "final notice" they were sent.
 *
 * Training rule: the items marked `train: true` are the training set, exactly 10 real and 10 spam,
 * each from a different category, never a hard case nor a blast; every other item is the test set.
 *
 * Everything is invented: people, firms, addresses and links. Most addresses are at example.com
 * and its kin, some are made up at free-mail or disposable-mail providers or at a spammer's own
 * made-up domain; UK phone numbers are from Ofcom's ranges kept for drama.
 */

export interface CorpusLead {
  kind: 'real' | 'spam';
  category: string;
  name: string;
  email: string;
  message: string;
  /** One of the training set (see the rule above). */
  train?: boolean;
  /** A real enquiry whose words overlap spam's: the case that decides precision. */
  hard?: boolean;
  /** The same pitch sent from several addresses: items sharing this id are one blast. */
  blast?: string;
}

export const SPAM_CORPUS: readonly CorpusLead[] = [
  // Real enquiries: a new website.
  {
    kind: 'real',
    category: 'new-site',
    train: true,
    name: 'Gemma Whitfield',
    email: 'gemma.whitfield@gmail.com',
    message: `Hi there,

I run a small dog grooming business in Leicester (just me and one part-timer) and I've never had a website, everything goes through Facebook at the moment. I'd like something simple with our prices, a gallery of before and afters and a way for people to request an appointment.

What would something like that cost roughly? No rush, just getting an idea.

Thanks,
Gemma`,
  },
  {
    kind: 'real',
    category: 'new-site',
    name: 'Liam Doherty',
    email: 'liam.doherty@btinternet.com',
    message: `Need a website for my plastering business. Can you call me on 07700 900412 after 5pm? Cheers`,
  },
  {
    kind: 'real',
    category: 'new-site',
    name: 'Agnieszka Nowak',
    email: 'agnieszka.nowak@example.co.uk',
    message: `Hello, I am opening small Polish deli in Swindon in March. I need website with our products and opening hours, and maybe later online order for catering trays (for parties, communions etc). My english is not perfect sorry for that. Can we meet or make video call? I am free mornings.
Regards Agnieszka`,
  },
  {
    kind: 'real',
    category: 'new-site',
    hard: true,
    name: '陈静',
    email: 'jing.chen@example.co.uk',
    message: `Hi, I'm opening an acupuncture and massage clinic in Manchester (near Piccadilly) next month. At the moment clients book by phone or WeChat, which is a bit chaotic. I'd like a website in English and Chinese, with prices, the practitioners' qualifications and online booking if possible. Could you send me a rough quote? My number is 0161 496 0372. Thank you, Jing`,
  },
  {
    kind: 'real',
    category: 'new-site',
    name: 'Rachel Osei',
    email: 'rachel@example.com',
    message: `Hello,

I'm a physiotherapist and I'm leaving the NHS after 11 years to set up my own clinic in Reading. I'll be renting a room in a gym to start with, so it's a small operation, but I want it to look professional from day one.

What I think I need:
- A homepage that explains who I am and what I treat (sports injuries, back pain, post-op rehab)
- Prices and what to expect at a first appointment
- Online booking that takes a deposit, because no-shows are the thing everyone warns me about
- Something that ties in with Google so people nearby can find me

I've got a logo already (a friend did it) and I can write the text myself, although I'd welcome help with that too. I'm hoping to launch in about 8 weeks. Is that realistic, and what sort of budget should I be thinking about?

Many thanks,
Rachel Osei MCSP`,
  },
  {
    kind: 'real',
    category: 'new-site',
    hard: true,
    name: 'Tom Ashworth',
    email: 'tom.ashworth.photo@gmail.com',
    message: `Hi, I saw your website while looking for someone local and liked the case studies. I'm a wedding photographer based in the Peak District and I'm finally ditching my Instagram-only approach. I need a portfolio site that loads fast with lots of big photos and a simple enquiry form with the wedding date. Would you be up for it? Tom`,
  },
  {
    kind: 'real',
    category: 'new-site',
    name: 'Kev Marsh',
    email: 'kevmarshroofing@outlook.com',
    message: `hi mate looking for a website for my roofing company, nothing fancy just want people to find us and ring us, had a lad on facebook do one years ago but its gone now and he wont answer. what do you charge. kev 07700 900871`,
  },
  {
    kind: 'real',
    category: 'new-site',
    hard: true,
    name: 'Hannah Clarke',
    email: 'hannah.clarke@example.org',
    message: `Hello,

I volunteer with a community food bank in Hull. We have no website at the moment, just a Facebook page that three of us share the password for. We'd like a simple site where people can find our opening times and referral information, volunteers can sign up, and supporters can donate online.

We've been awarded a small grant (£2,500) from the council's community funding pot to cover this. Is that a realistic budget for what we need, or should we be scaling back? We'd be very grateful for any advice even if it's not something you can take on.

Best wishes,
Hannah`,
  },
  {
    kind: 'real',
    category: 'new-site',
    hard: true,
    name: 'Arjun Mehta',
    email: 'arjun.mehta@example.com',
    message: `Hi Foreland team,

We're a two-person fintech start-up in London building a crypto savings app (we're in the FCA regulatory sandbox, so compliance is a big deal for us). We need a marketing website before our beta: a landing page explaining the product, a waitlist signup, a page for the risk warnings and legal docs, and a blog we can update ourselves.

Crucially it needs to look trustworthy, not like every "to the moon" crypto site out there. Calm, clear, a bit like a bank. Our budget is roughly £8-12k and we'd like to launch in Q2.

Could we book a call next week? I'm on 020 7946 0518.

Arjun Mehta
Co-founder`,
  },
  {
    kind: 'real',
    category: 'new-site',
    hard: true,
    name: 'Sian Pritchard',
    email: 'sian@example.co.uk',
    message: `Good afternoon,

I'm the superintendent pharmacist at an independent community pharmacy in Cardiff. We currently don't have a website of our own and we're losing patients to the big online pharmacies.

We'd like a site that covers our NHS services (repeat prescriptions, the Common Ailments Service, flu and Covid jabs), lets patients send a repeat prescription request and book a vaccination slot, and shows our GPhC registration details properly. We do NOT want to sell medicines online at this stage, just services and bookings.

Is this something you've done before? I'd be happy to chat, our number is 029 2018 0744 (ask for Sian).

Kind regards,
Sian Pritchard MRPharmS`,
  },
  {
    kind: 'real',
    category: 'new-site',
    hard: true,
    name: 'Marcus Bell',
    email: 'marcus@example.co.uk',
    message: `Alright! We're opening a Vegas / casino themed cocktail bar in Newcastle in the summer, called The Lucky Chip 🎰🍸 There'll be roulette and blackjack tables but it's all just for fun (no real money gambling, you play for chips and the top scorer of the night wins a bar tab).

We need a website with table bookings, our events (poker nights, Bond nights, private hire for hen and stag dos), the cocktail menu and a gallery. Really want it to feel glam and a bit over the top, black and gold. Budget about £4k. Can you help?

Marcus
0191 498 0233`,
  },
  {
    kind: 'real',
    category: 'new-site',
    hard: true,
    name: 'Γιώργος Παπαδόπουλος',
    email: 'george.papadopoulos@example.com',
    message: `Hello, I have a small Greek taverna in Brighton, family business for 15 years. My son says we need a proper website because people keep asking for the menu on the phone. We need the menu, photos, opening hours and maybe booking a table. Not too expensive please, we are a small restaurant. Thank you, George`,
  },
  {
    kind: 'real',
    category: 'new-site',
    name: 'Chantelle Morgan',
    email: 'chantelle.nails@gmail.com',
    message: `Hiya 💅✨ I'm starting my own nail studio from home in Croydon after 6 years working in a salon!! I've got 2k followers on insta already but I want a proper website with my price list and somewhere people can book in, at the mo it's all DMs and it's driving me mad 😅 what would you charge for something cute and simple? xx`,
  },
  {
    kind: 'real',
    category: 'new-site',
    hard: true,
    name: 'Neil Fraser',
    email: 'neil.fraser@example.co.uk',
    message: `Hello,

I'm an independent mortgage and protection adviser in Aberdeen (directly authorised by the FCA). I need a website that covers residential mortgages, remortgages, buy-to-let and also business loans and commercial finance, which I arrange for a handful of local firms.

It needs the FCA disclosure text in the footer, the "Your home may be repossessed if you do not keep up repayments on your mortgage" warning in the right places, a simple mortgage calculator and an enquiry form. My compliance network will need to sign the copy off before it goes live.

Could you let me know your availability and an idea of cost?

Regards,
Neil Fraser CeMAP`,
  },
  {
    kind: 'real',
    category: 'new-site',
    name: 'Ffion Hughes',
    email: 'ffion.hughes@example.co.uk',
    message: `Shwmae! I teach yoga in Aberystwyth and I'd like a bilingual website (Welsh and English) with my class timetable and a way to pay for a block of classes. Is bilingual something you can do? Diolch, Ffion`,
  },

  {
    kind: 'real',
    category: 'new-site',
    hard: true,
    name: 'Bernadette Okonkwo',
    email: 'bernadette.okonkwo@example.co.uk',
    message: `Hello,

I'm the registered manager of a small home care agency in Wolverhampton. We have 38 care workers and support about 90 clients in their own homes, some privately paying and most funded by the local authority. We've been going for nine years without a proper website (we have a one-page site a former employee made: https://www.brightsidehomecare.co.uk) and it is starting to hold us back in two ways.

First, families. When someone's mum comes out of hospital, the family often has a day or two to find care, and they google at 11pm. At the moment they find our one page with a phone number and that's it. I'd like them to find clear information: what we do (personal care, medication prompts, sitting services, dementia care), which areas we cover, what it costs per hour for private clients, how funding from the council works, and our CQC rating. And an enquiry form that actually reaches the on-call manager out of hours.

Second, recruitment. Like every care provider we are always short of carers. We'd like a careers page with current vacancies, the hourly rate and mileage we pay, and a short application form, so we're not paying agencies for every hire. If people could apply in a couple of minutes on their phone that would make a big difference.

Things I'm less sure about:
- Someone suggested a chatbot for the out-of-hours questions. I'm wary, because families are often upset and I don't want a robot answering them. Perhaps it could just take details and promise a call back?
- We have a Facebook page that gets more traffic than the website. Should they be linked somehow?
- Our CQC report is public (https://www.example.org/cqc-report-brightside); can it show automatically?

Our budget is around £5,000 to £7,000, and I'd like it live before winter, which is always our busiest time. I'm in the office Monday to Thursday on 01632 960 388 if a call is easier.

Thank you for reading all that!

Bernadette Okonkwo
Registered Manager`,
  },

  // Real enquiries: a redesign.
  {
    kind: 'real',
    category: 'redesign',
    train: true,
    name: 'Pauline Harris',
    email: 'pauline@example.co.uk',
    message: `Hello,

Our website was built on Wix about six years ago and it looks very dated now. We're a family-run garden centre near Ludlow with a café. We'd like a refresh that works better on phones, shows our seasonal events and the café menu, and keeps our current domain (https://www.hollybankgardens.co.uk).

We'd also like to be able to change the events ourselves without ringing someone every time.

Could you give us an idea of cost and how long it would take?

Pauline Harris`,
  },
  {
    kind: 'real',
    category: 'redesign',
    name: 'Dr Imran Qureshi',
    email: 'imran.qureshi@example.co.uk',
    message: `Hi, our practice website was built by my nephew in WordPress a few years back. The plugins constantly ask for updates and I'm frankly scared to click anything in case it all breaks. It also looks tired next to other dental practices round here. We'd like a redesign on something more stable, and ideally someone to look after it. Our site is https://www.northgatedental.co.uk. Please call the practice on 0113 496 0911 and ask for Imran.`,
  },
  {
    kind: 'real',
    category: 'redesign',
    hard: true,
    name: 'Becky Lomas',
    email: 'becky@example.co.uk',
    message: `Hiya, this is our current site: https://www.crumbandco.co.uk

and this is one we love the look of: https://www.example.com/bakery-inspo (it's a bakery in Leeds, not a competitor, we're in Exeter!)

Could you do something in that style for us? We mainly want people to see the cakes and order celebration cakes online with a date picker. Thanks Becky`,
  },
  {
    kind: 'real',
    category: 'redesign',
    name: 'Charles Fairbairn',
    email: 'c.fairbairn@example.co.uk',
    message: `Dear Foreland Digital,

We are a small architectural practice of seven people based in York, working mainly on residential extensions and listed building projects. Our website was designed in 2016 and no longer reflects the quality of our work; the image galleries are small, the project pages are inconsistent and the site is slow.

We are looking for an agency to redesign the site around our project portfolio, with large photography, short case studies and a clear route for enquiries. We would also like to retain our existing URLs where possible, as we have a number of links from the RIBA directory and local press.

We would be grateful for an indication of your process, timescales and fees. We are inviting three agencies to quote and hope to make a decision by the end of next month.

Yours faithfully,
Charles Fairbairn RIBA
Partner`,
  },
  {
    kind: 'real',
    category: 'redesign',
    name: 'Javier Ortega',
    email: 'javier.ortega@gmail.com',
    message: `Hola, I have tapas restaurant in Sheffield. The web is very old and the menu is a PDF that nobody can read on the phone, customers complain. I want new web, more modern, menu normal (not PDF), and reservations. Also we do the paella classes on saturday, maybe sell tickets for this? How much it cost more or less? Gracias, Javier`,
  },
  {
    kind: 'real',
    category: 'redesign',
    name: 'Olivia Brennan',
    email: 'olivia@example.com',
    message: `Hi! We built our site ourselves on Squarespace 3 years ago. It's fine but it doesn't really look like us anymore since we rebranded (new logo and colours). Would you take on a redesign on Squarespace, or would you suggest moving? We're an interior design studio, mostly residential. Olivia`,
  },
  {
    kind: 'real',
    category: 'redesign',
    name: 'Amanda Kerr',
    email: 'amanda.kerr@example.co.uk',
    message: `Good morning,

I'm the practice manager at a high street firm of solicitors (conveyancing, wills and probate, family). Our website needs a redesign: it isn't accessible, it's hard to update and the SRA digital badge isn't displaying properly since our last developer made some changes.

We'd need the complaints procedure, price and service information for conveyancing and probate (as the SRA transparency rules require), and team profiles. Could you let me know if you have experience with regulated professions?

Kind regards,
Amanda Kerr`,
  },
  {
    kind: 'real',
    category: 'new-site',
    hard: true,
    name: 'Margaret Osei',
    email: 'm.osei@oseiaccountancy.co.uk',
    message: `Dear Sir/Madam,

I came across your website and your agency looks like what we need. I am starting a bookkeeping practice in Croydon next spring and would like a website along the lines of https://www.example.org/bookkeepers-one or https://www.example.org/bookkeepers-two: clean, with a contact form and a page for each service.

Could you tell me what that would cost and how long it would take?

Yours faithfully,
Margaret Osei`,
  },
  {
    kind: 'real',
    category: 'redesign',
    hard: true,
    name: 'Tom Ackroyd',
    email: 'tom@hulljoinery.co.uk',
    message: `Dear Sir/Madam, I run a small joinery firm in Hull. Could you look at https://www.hulljoinery.co.uk and tell me why it never shows on Google? A friend's kitchen fitting firm, https://www.beverleykitchens.co.uk, comes up every time. What would sorting that out cost? Regards, Tom`,
  },
  {
    kind: 'real',
    category: 'new-site',
    hard: true,
    name: 'Graham Whitlock',
    email: 'graham@whitlockfinance.co.uk',
    message: `Dear Sir/Madam,

We are a two-person finance brokerage in Tonbridge arranging business loans, asset finance and commercial mortgages for local firms. Our website was built in 2015 and it shows. We need something that explains what we do in plain English, carries the FCA wording we are required to show, and has a simple enquiry form.

Could you let me know what you would charge and how long it would take?

Kind regards,
Graham Whitlock`,
  },
  {
    kind: 'real',
    category: 'new-site',
    hard: true,
    name: 'Anjali Mistry',
    email: 'anjali@mistrychemists.co.uk',
    message: `Good afternoon, I hope this email finds you well. I am the superintendent pharmacist at an independent chemist in Gillingham and we would like to open a pharmacy online for NHS repeat prescriptions and a few over-the-counter lines. It has to meet the GPhC's rules for online pharmacies. Is that something you could build? Thank you, Anjali`,
  },
  {
    kind: 'real',
    category: 'new-site',
    hard: true,
    name: 'Rosa Lindqvist',
    email: 'rosa@harbourcafemargate.co.uk',
    message: `Hi, I came across your website through a friend. Are you the owner of Foreland? I'd rather talk to whoever runs it. I have a café on Margate harbour and need a proper site with our menu, opening hours and a way to book the upstairs room for parties. Our Facebook page is all we have now. Thanks, Rosa`,
  },
  {
    kind: 'real',
    category: 'redesign',
    name: 'Sam Whitaker',
    email: 'sam.whitaker@outlook.com',
    message: `Can you redesign our site? https://www.whitakerelectrical.co.uk It's slow and looks rubbish on mobile. We're electricians, 4 vans, based in Wigan.`,
  },
  {
    kind: 'real',
    category: 'redesign',
    hard: true,
    name: 'ليلى حداد',
    email: 'laila.haddad@example.co.uk',
    message: `Hello, I own a small cosmetic dentistry clinic in Birmingham and our website looks like it's from 2010. Patients often tell us they nearly didn't come in because of it! We'd like a modern redesign with before/after photos, a finance calculator for treatments (we offer 0% finance through a provider) and online consultations. Could we arrange a call? Dr Laila Haddad`,
  },
  {
    kind: 'real',
    category: 'redesign',
    name: 'Pete Lawson',
    email: 'pete@example.co.uk',
    message: `hello, we run a caravan park in north norfolk. the website is ok but the booking bit is a separate site that looks totally different and people get confused and ring us instead. is it possible to make it all look like one thing? or replace the booking bit? cheers pete`,
  },

  // Real enquiries: search and Google.
  {
    kind: 'real',
    category: 'seo',
    train: true,
    name: 'Owen Jenkins',
    email: 'owen@example.co.uk',
    message: `Hi, we're a small landscaping company in Bristol. We've had our site a couple of years but barely get any enquiries from it, almost all our work is word of mouth. Is that normal or is the site doing something wrong? Happy to pay for someone to have a proper look. Owen`,
  },
  {
    kind: 'real',
    category: 'seo',
    hard: true,
    name: 'Deborah Mills',
    email: 'deborah.mills@example.co.uk',
    message: `Hello,

Do you do SEO? When I google "wedding florist Cheltenham" we don't appear until page 3, and two florists who opened after us are on the first page. I don't really understand how Google ranking works. Is it keywords, is it reviews, is it how old the site is?

Our website is https://www.petalandstem.co.uk. I'd like to know what you'd recommend and what it would cost per month, and whether you can promise first page (I'm guessing nobody honest can!).

Thanks,
Deborah`,
  },
  {
    kind: 'real',
    category: 'seo',
    hard: true,
    name: 'Gary Thompson',
    email: 'gary.thompson@example.co.uk',
    message: `Hi,

Bit of a long story. Last year we paid an "SEO company" £300 a month for 10 months. Turns out all they did was buy hundreds of backlinks from rubbish sites (casino blogs, foreign directories, stuff like that). Our Google traffic went up for a couple of months then fell off a cliff and we've basically disappeared for "boiler repair Stoke".

We've cancelled them. Can you help us clean up the bad backlinks (I've read about disavowing?) and get back to where we were, properly this time? I can send you the report they gave us.

Gary Thompson
Thompson Heating Ltd
01632 960 418`,
  },
  {
    kind: 'real',
    category: 'seo',
    name: 'Nadia Rahman',
    email: 'nadia.rahman@gmail.com',
    message: `Hi, our café doesn't show up on Google Maps when people search "cafe near me" even when they're standing outside 😂 We have a Google Business Profile but I'm not sure it's set up right. Is that something you sort out or is it only websites?`,
  },
  {
    kind: 'real',
    category: 'seo',
    hard: true,
    name: 'Martin Cole',
    email: 'martin.cole@example.com',
    message: `Do you do SEO audits? Google Search Console says our site has 47 errors: "Page with redirect", "Crawled - currently not indexed" and "Duplicate without user-selected canonical". Is this bad? I have no idea what any of it means. We sell garden furniture online, site is on Shopify.`,
  },
  {
    kind: 'real',
    category: 'seo',
    name: 'Jade',
    email: 'jadeb93@hotmail.co.uk',
    message: `do u do seo as well as websites? thx`,
  },
  {
    kind: 'real',
    category: 'seo',
    name: 'Emre Yılmaz',
    email: 'emre.yilmaz@example.co.uk',
    message: `Hello, I have 2 barber shops in Coventry. When people search barber in Coventry we are not there, only the big chains. My cousin made the website but he dont know about google. Can you help so more people find us? What is price for this? Thanks Emre`,
  },
  {
    kind: 'real',
    category: 'seo',
    name: 'Fiona Mackenzie',
    email: 'fiona@example.co.uk',
    message: `Hello,

We run a six-bedroom B&B on the Isle of Skye. Around 80% of our bookings come through Booking.com, and the commission is painful. When people google our name, Booking.com appears above our own website!

Is there anything that can be done so our own site comes first, and so more people book direct? We already have a booking system on the site (Freetobook).

Many thanks,
Fiona`,
  },
  {
    kind: 'real',
    category: 'seo',
    name: 'Robert Evans',
    email: 'rob.evans@example.co.uk',
    message: `Hi, we've got about 400 products on our WooCommerce site (spare parts for vintage motorbikes) but Google only seems to know about 60 of them. The rest never show up in search. Could you take a look at why? We sell mainly to the UK and Europe. Rob`,
  },
  {
    kind: 'real',
    category: 'seo',
    name: 'Maureen Fletcher',
    email: 'maureen.fletcher@btinternet.com',
    message: `Hello, someone at my networking group told me our website needs to be "mobile friendly" or Google will hide it. I tried it on my phone and the writing is tiny and you have to pinch. Is this something you could fix without starting again? We are a small funeral directors in Barnsley. Thank you, Maureen`,
  },

  // Real enquiries: a chatbot.
  {
    kind: 'real',
    category: 'chatbot',
    hard: true,
    name: 'Callum Reid',
    email: 'callum.reid@gmail.com',
    message: `Hi, could I get a quote for a chatbot for our website? And what's your hourly rate for smaller bits after that? Thanks, Callum`,
  },
  {
    kind: 'real',
    category: 'chatbot',
    train: true,
    name: 'Priya Nair',
    email: 'priya.nair@example.co.uk',
    message: `Hello,

I manage a lettings agency in Nottingham with about 350 properties. Our tenants message us constantly out of hours with the same questions: how to report a repair, what to do about a boiler with no pressure, when the rent is due, how to get the deposit back.

Could you build a chatbot for our website that answers these from our own guides, and passes anything urgent (leaks, no heating) to the on-call number? How would it know the answers, and how do we keep it up to date?

Thanks,
Priya`,
  },
  {
    kind: 'real',
    category: 'chatbot',
    name: 'Eleanor Grant',
    email: 'eleanor@example.co.uk',
    message: `Hi there, we're a two-vet practice in Harrogate. We're interested in a website chatbot for the basic stuff (opening hours, prices for vaccinations, registering a new pet) but I'm nervous about it giving anything that sounds like medical advice. Can it be limited to certain topics and always tell people to ring us for anything clinical?`,
  },
  {
    kind: 'real',
    category: 'chatbot',
    name: 'Darren Cooke',
    email: 'darren.cooke@example.com',
    message: `Hi I run a driving school (5 instructors). Half our enquiries are "how much are lessons" and "do you cover my area" and we lose people who message at night because nobody answers till morning. Could a chatbot answer these and book a first lesson, maybe on WhatsApp too? Darren 07700 900146`,
  },
  {
    kind: 'real',
    category: 'chatbot',
    name: 'Steve Harland',
    email: 'steve.harland@outlook.com',
    message: `Everyone keeps telling me about AI chatbots. Honestly, is it worth it for a three-man plumbing firm, or is it a gimmick? I'd rather hear it from someone who isn't trying to flog me one. Steve`,
  },
  {
    kind: 'real',
    category: 'chatbot',
    name: 'Rajesh Kumar',
    email: 'rajesh.kumar@example.co.uk',
    message: `Hello sir/madam, I have Indian restaurant and takeaway in Leicester. Many customers message on website and facebook asking menu, delivery area, table booking, and we are busy in kitchen cannot reply. I want chatbot which can answer these and take the table booking. Also in Gujarati if possible? Please tell me cost. Thank you, Rajesh`,
  },
  {
    kind: 'real',
    category: 'chatbot',
    name: 'Kirsty Mclean',
    email: 'kirsty@example.co.uk',
    message: `Hi! We're an independent gym in Paisley. Would love a chatbot on the site that can answer questions about memberships and classes, and sign people up for a free trial pass. We use Gymcatch for bookings if that matters. Thanks, Kirsty`,
  },
  {
    kind: 'real',
    category: 'chatbot',
    name: 'Bex',
    email: 'bex.hairandbeauty@gmail.com',
    message: `Chatbot for my salon? 🤔 how much roughly`,
  },
  {
    kind: 'real',
    category: 'chatbot',
    name: 'Daniel Okafor',
    email: 'daniel.okafor@example.com',
    message: `Hi,

I'm the operations lead at a small accountancy firm (12 staff). We're looking at an AI assistant on our website that can answer general questions about our services and deadlines (self-assessment, VAT, payroll) and book discovery calls.

A few questions before we go further:
1. Which model would you use, and does client data ever leave the UK/EU?
2. Can we stop it from answering specific tax questions and hand those to a human?
3. How do you handle GDPR, and would you sign a data processing agreement?
4. What does it cost to run per month once it's live?

We're not in a rush, we'd rather get it right. A call would be good.

Daniel Okafor`,
  },
  {
    kind: 'real',
    category: 'chatbot',
    hard: true,
    name: 'प्रिया शर्मा',
    email: 'priya.sharma@example.co.uk',
    message: `Hello! I run a wedding planning business (mostly Hindu and Sikh weddings across the Midlands). I get so many messages asking about packages and dates. Could you make a chatbot for my website that explains my packages and checks if a date is free? Thanks so much, Priya`,
  },

  // Real enquiries: bookings.
  {
    kind: 'real',
    category: 'booking',
    train: true,
    name: 'Lauren Price',
    email: 'lauren.price@example.co.uk',
    message: `Hi, I own a hair salon in Swansea with four stylists. We still take bookings by phone and we're getting loads of no-shows. Could you set up online booking on our website with text reminders the day before, and maybe a deposit for colour appointments? What would it cost? Lauren`,
  },
  {
    kind: 'real',
    category: 'booking',
    name: 'Sarah-Jane Cross',
    email: 'sarahjane@example.com',
    message: `Hello,

We're a domestic cleaning company in Milton Keynes. People fill in our quote form, we send a quote, and then... nothing, because nobody has time to chase. I'd love something that sends a friendly follow-up a couple of days later, and lets them book their first clean straight from the email.

Is that the sort of automation you do? We use Google Workspace and a spreadsheet (I know!).

Sarah-Jane`,
  },
  {
    kind: 'real',
    category: 'booking',
    name: 'Josh Bennett',
    email: 'josh.bennett.pt@gmail.com',
    message: `Hey, personal trainer here. Looking for a simple site where clients can book sessions, buy a 10-pack of sessions and get reminders. Currently doing it all on WhatsApp which is a mess lol`,
  },
  {
    kind: 'real',
    category: 'booking',
    hard: true,
    name: 'Олена Коваленко',
    email: 'olena.kovalenko@example.co.uk',
    message: `Hello, I came to UK from Kyiv two years ago and now I make celebration cakes from home in Bedford (registered with the council, 5 star hygiene). I need website where people can order cake for a date, choose size and flavour, and pay deposit. I can show you my Instagram with the cakes. Thank you very much, Olena`,
  },
  {
    kind: 'real',
    category: 'booking',
    name: 'Mikey Doyle',
    email: 'mikey@example.co.uk',
    message: `Tattoo studio in Belfast. We need online booking with a non-refundable deposit, a consent form they fill in before, and the artist's portfolio. Currently people DM and half don't turn up. Phone is 028 9649 6120`,
  },
  {
    kind: 'real',
    category: 'booking',
    name: 'Judith Armitage',
    email: 'judith.armitage@btinternet.com',
    message: `Dear Sir/Madam,

My husband and I let two holiday cottages in the Yorkshire Dales. At present nearly all our bookings come through Airbnb and Sykes, and we would like to take more bookings directly through our own website with a calendar showing availability.

We are not very technical, so it would need to be simple for us to use. Could you advise whether this is possible and roughly what it would cost?

Yours faithfully,
Judith Armitage`,
  },
  {
    kind: 'real',
    category: 'booking',
    name: 'Tomasz Zieliński',
    email: 'tomasz.zielinski@example.com',
    message: `Hi, I teach piano and guitar, about 40 students. I would like parents to book lessons online, get reminders and pay the invoice each half term automatically. Now I do everything in notebook and it takes my Sundays! Is this possible with website? Tomasz`,
  },
  {
    kind: 'real',
    category: 'booking',
    name: 'Abbie Turner',
    email: 'abbie.turner@example.co.uk',
    message: `Hi, I'm a dog walker in Guildford. Should I just use Calendly or is it worth having something built into a proper website? I'd like clients to book walks and I send them a photo update after each walk. Abbie`,
  },
  {
    kind: 'real',
    category: 'booking',
    name: 'Dr Helen Walsh',
    email: 'helen.walsh@example.co.uk',
    message: `Hello, I run an aesthetics clinic (skin treatments, anti-wrinkle). We need online booking for consultations, with a medical history form that the client fills in before they arrive, stored securely. Our current system emails the form as a PDF which I'm sure is not ideal for GDPR. Can you help?`,
  },
  {
    kind: 'real',
    category: 'booking',
    name: 'Andy Patel',
    email: 'andy@example.co.uk',
    message: `Hi guys, we're an independent garage in Luton doing MOTs, servicing and repairs. Want customers to book their MOT online and ideally get an automatic reminder text when it's due next year. Is that something you could set up? Cheers, Andy`,
  },

  // Real enquiries: follow-ups and other automation.
  {
    kind: 'real',
    category: 'automation',
    train: true,
    name: 'Wayne Gibbs',
    email: 'wayne@example.co.uk',
    message: `Hi, we're a small building firm (extensions, loft conversions). We send maybe 30 quotes a month and I never have time to chase them. Could you set something up that follows up automatically after a week and tells me who's replied? We use Gmail and a quoting spreadsheet. Wayne Gibbs, 07700 900533`,
  },
  {
    kind: 'real',
    category: 'automation',
    name: 'Catherine Lowe',
    email: 'catherine.lowe@example.co.uk',
    message: `Hello,

I'm a sole practitioner bookkeeper. Every new client means the same routine: engagement letter, ID check, a questionnaire, access to their bank feeds, a welcome email. I'd like to automate as much of that as possible so I'm not copying and pasting all evening.

Is this something you do, or only websites? I use Xero and Google Drive.

Thank you,
Catherine`,
  },
  {
    kind: 'real',
    category: 'automation',
    hard: true,
    name: 'Lucy Harrington',
    email: 'lucy@example.co.uk',
    message: `Hi,

We're a gift shop with a mailing list of about 3,000 customers in Mailchimp (all opted in through our till and website over the years). We're moving to a new CRM and want to export the list, clean out the duplicates and old addresses, and set up automated emails: a welcome email, a birthday discount and a "we miss you" email after 6 months.

Can you help with that? We're nervous about losing the list or breaking GDPR.

Lucy`,
  },
  {
    kind: 'real',
    category: 'automation',
    name: 'Marco Rossi',
    email: 'marco.rossi@example.com',
    message: `Hi, I'm a branch manager for a small independent estate agent. We get leads from Rightmove and Zoopla by email and someone has to copy them into our system and reply. Often it's the next day and the buyer has already booked viewings elsewhere. Could you automate an instant reply with viewing slots? Marco`,
  },
  {
    kind: 'real',
    category: 'automation',
    name: 'Claire Dunn',
    email: 'claire.dunn@example.co.uk',
    message: `Hello, we're a two-person recruitment consultancy (hospitality, mainly chefs). We get about 100 CVs a week by email. Is there an AI tool you could set up to read them and pull out the key details into a spreadsheet, like role, location, years of experience? Nothing leaves the UK if possible. Many thanks, Claire`,
  },
  {
    kind: 'real',
    category: 'automation',
    name: 'Amélie Laurent',
    email: 'amelie.laurent@example.co.uk',
    message: `Bonjour, I have a small French catering business (traiteur) in London, mainly for weddings and corporate lunches. The clients ask for a devis (a quote?) and I make it by hand each time in Word, it takes hours. Could you make a form on my website where they choose the menu and number of guests, and it prepares the quote automatically? Merci beaucoup, Amélie`,
  },
  {
    kind: 'real',
    category: 'automation',
    name: 'Ian Rowe',
    email: 'ian.rowe@example.co.uk',
    message: `We install solar panels and batteries across Devon and Cornwall. Leads come from our website, Facebook ads and a comparison site. We'd like them all in one place with automatic follow-up emails and texts until they book a survey. Currently using HubSpot free. Can you help? Ian Rowe, Sales Director`,
  },
  {
    kind: 'real',
    category: 'automation',
    name: 'Zainab Bello',
    email: 'zainab.bello@gmail.com',
    message: `Hi! I run a small online business selling African print fabrics and I'm drowning in emails, mostly the same questions (delivery times, returns, fabric width). Could AI draft replies for me to check and send? I don't want it sending things by itself without me seeing. Zainab 😊`,
  },
  {
    kind: 'real',
    category: 'automation',
    name: 'Graham Nicholls',
    email: 'graham@example.co.uk',
    message: `Chasing unpaid invoices takes me half a day a week. Is there a way to send polite automatic reminders from Xero, and a firmer one after 30 days? Small joinery business, 6 staff. Graham`,
  },
  {
    kind: 'real',
    category: 'automation',
    name: 'Hollie Sutton',
    email: 'hollie@example.co.uk',
    message: `Can you automate our review requests + follow ups? We use Xero and Google Calendar. We're a window cleaning company, ~600 regular customers.`,
  },

  // Real enquiries: an online shop.
  {
    kind: 'real',
    category: 'shop',
    train: true,
    name: 'Ellie Woodward',
    email: 'ellie.woodward@example.co.uk',
    message: `Hi! I make soy candles and wax melts and currently sell on Etsy, but the fees are getting silly. I'd like my own shop, probably Shopify? I have about 40 products with different scents and sizes. Would you set it up and show me how to add products myself? Thanks so much, Ellie 🕯️`,
  },
  {
    kind: 'real',
    category: 'shop',
    hard: true,
    name: '김민지',
    email: 'minji.kim@example.co.uk',
    message: `Hello, I run a small K-beauty skincare shop online on Shopify, based in New Malden. The theme I bought is slow and the product pages look messy on mobile. I'd like a redesign of the shop and better product pages with ingredients and how to use. Do you work with Shopify? Thank you, Minji`,
  },
  {
    kind: 'real',
    category: 'shop',
    name: 'Stuart Nolan',
    email: 'stuart.nolan@example.co.uk',
    message: `Our WooCommerce shop takes about 9 seconds to load a product page and customers give up at checkout. We sell fishing tackle, about 2,000 products. Can you speed it up or would you move us to something else? Stuart`,
  },
  {
    kind: 'real',
    category: 'shop',
    name: 'Bill Hargreaves',
    email: 'hargreavesbutchers@btinternet.com',
    message: `Hello, family butchers in Skipton, 3rd generation. Since covid we do click and collect by phone and it's chaos at Christmas. Want people to order online and pick a collection slot, especially the Christmas orders (turkeys, hams etc). Could you do that before November? Bill`,
  },
  {
    kind: 'real',
    category: 'shop',
    hard: true,
    name: 'Tiana Campbell',
    email: 'tiana@example.com',
    message: `Hey! I've got a streetwear brand with 12k followers on Instagram and about the same on TikTok but no website, I sell through DMs and a link in bio to a PayPal page 🙈 I need a proper online store that looks as good as the brand. Drops are limited, so it needs to cope with everyone hitting it at once when I announce. Can we chat?`,
  },
  {
    kind: 'real',
    category: 'shop',
    name: 'Richard Lyons',
    email: 'richard.lyons@example.co.uk',
    message: `Good afternoon. We are an independent wine merchant in Edinburgh looking to sell online for the first time: around 300 wines, mixed cases, local delivery within the city and courier elsewhere in Scotland. We understand there need to be age checks. Could you outline how you'd approach it and indicative costs? Regards, Richard Lyons`,
  },
  {
    kind: 'real',
    category: 'shop',
    hard: true,
    name: 'Kelsey Warren',
    email: 'kelsey.warren@gmail.com',
    message: `Hey there! I'm American, moved to Bath last year and I'm starting an online vintage clothing store. In my head the budget was $5,000, so about £4k? Is that enough for a Shopify store with maybe 200 items to start? I'd also love to ship to the US since I have followers back home. Thanks!! Kelsey`,
  },
  {
    kind: 'real',
    category: 'shop',
    name: 'Giulia Ferraro',
    email: 'giulia.ferraro@example.co.uk',
    message: `Buongiorno! I make fresh pasta and sauces in a small kitchen in Bristol and sell at farmers markets. Now I want to sell online with local delivery by bike, only Bristol. The products are fresh so the delivery day is important. It is possible? And the price more or less? Grazie, Giulia`,
  },
  {
    kind: 'real',
    category: 'shop',
    name: 'Connor Walsh',
    email: 'connor@example.co.uk',
    message: `Hi, we changed our Shopify theme last week and now the size selector doesn't show on half the products, customers can only buy the default size. Can you fix that quickly? It's costing us sales. Connor`,
  },
  {
    kind: 'real',
    category: 'shop',
    hard: true,
    name: 'Meena Shah',
    email: 'meena.shah@example.co.uk',
    message: `Hello,

We own a health food shop in Harrow selling vitamins, supplements, herbal teas and protein powders. We'd like to start selling online. We know there are rules about what you can claim for supplements (we don't want to say anything cures anything!), so we'd like someone who'll be careful with that.

Roughly 500 products. Do you do this kind of thing and what are the costs?

Meena`,
  },

  // Real enquiries: something broken.
  {
    kind: 'real',
    category: 'fix',
    train: true,
    name: 'Alison Baker',
    email: 'alison.baker@example.co.uk',
    message: `Hi, the contact form on our WordPress site stopped sending us emails about three weeks ago. We only noticed because a customer rang to ask why we'd ignored her. Could you have a look and fix it? Can pay by card today. Alison`,
  },
  {
    kind: 'real',
    category: 'fix',
    hard: true,
    name: 'Kieran Walsh',
    email: 'kieran.walsh@example.co.uk',
    message: `Hi, our site has gone down after the host updated something. This is all it shows:

There has been a critical error on this website.

And in the email WordPress sent me:

Fatal error: Uncaught Error: Call to undefined function create_function() in /home/kwjoinery/public_html/wp-content/plugins/simple-gallery-lite/gallery.php:112
Stack trace:
#0 /home/kwjoinery/public_html/wp-includes/class-wp-hook.php(324): sgl_init('')
#1 {main}
  thrown in /home/kwjoinery/public_html/wp-content/plugins/simple-gallery-lite/gallery.php on line 112

I don't know what any of that means. Can you get it back up? Kieran, KW Joinery, 07700 900284`,
  },
  {
    kind: 'real',
    category: 'fix',
    hard: true,
    name: 'Margaret Lindsay',
    email: 'margaret.lindsay@example.co.uk',
    message: `Hello,

Something awful has happened to our website. When I search for our guest house on Google, the results show our site with titles like "Cheap Viagra Online - Buy Cialis No Prescription" and some have Japanese writing. When I click the link it goes to our normal homepage, so I don't understand what's going on.

A friend said we've been hacked. Please can you help? We're a small guest house in Whitby and we rely on the website for bookings. The site is WordPress, I think, it was built for us in 2018.

Margaret Lindsay
01632 960 775`,
  },
  {
    kind: 'real',
    category: 'fix',
    hard: true,
    name: 'Dev Chauhan',
    email: 'dev.chauhan@example.co.uk',
    message: `Hi, I got the email below this morning and it's rattled me. Is it real? We run a small online print shop on WordPress + WooCommerce. Even if it's a scam, could you check our site is secure and set things up properly (backups, updates, whatever is needed)? I'd rather pay for that now than find out the hard way.

---------- Forwarded message ---------
From: Security Department <noreply@example.net>
Subject: Your website has been compromised - ACTION REQUIRED

Dear Website Owner,

We have gained full access to your website and database including all customer data. Your website will be made public as hacked and your customers informed unless you send 0.05 BTC to the following Bitcoin wallet within 48 hours:

bc1qexample0wallet0address0not0real00000

Do not contact the police. After payment your data will be deleted and we will leave your website.

This is your final notice.
---------- End forwarded message ----------

Thanks, Dev`,
  },
  {
    kind: 'real',
    category: 'fix',
    name: 'Tracey Holt',
    email: 'tracey.holt@example.co.uk',
    message: `Hi, Chrome now says "Not secure" next to our website address and a customer asked if we'd been hacked. Is it the SSL thing? Our web person retired and we don't know who to ask. Small florist in Stafford.`,
  },
  {
    kind: 'real',
    category: 'fix',
    name: 'Aled Roberts',
    email: 'aled@example.co.uk',
    message: `Our site has been showing "503 Service Unavailable" on and off since yesterday. Host says it's our site, we say it's the host. Could someone impartial look? It's a WordPress site for our outdoor activity centre in Snowdonia and it's peak season. Aled 07700 900693`,
  },
  {
    kind: 'real',
    category: 'fix',
    name: 'Nicola Shaw',
    email: 'nicola.shaw@outlook.com',
    message: `Hi, I built my own site on Wix and the contact form messages aren't arriving anymore. Wix support have sent me links to help articles that don't help. Do you do small fixes like this for people who didn't build with you? Thanks Nicola`,
  },
  {
    kind: 'real',
    category: 'fix',
    name: 'Paul Graham',
    email: 'paul.graham@example.co.uk',
    message: `Since we moved hosting, all the apostrophes and pound signs on our site show as weird characters like "Ã‚Â£" and "Ã¢â‚¬â„¢". About 200 pages are affected. Is this a quick fix? Paul`,
  },
  {
    kind: 'real',
    category: 'fix',
    name: 'Rosa Martins',
    email: 'rosa.martins@example.com',
    message: `Hello, customers say the checkout on our Shopify shop shows "There was a problem processing your payment, try again" but money is taken from their card! We sell ceramics. Shopify says it's an app. I'm panicking a bit please help. Rosa`,
  },
  {
    kind: 'real',
    category: 'fix',
    name: 'Frank Dawson',
    email: 'frank.dawson@btinternet.com',
    message: `HELLO. MY WEBSITE HAS DISAPPEARED. WHEN I TYPE THE ADDRESS IT SAYS THIS SITE CAN'T BE REACHED. I HAVE HAD IT 12 YEARS FOR MY PIANO TUNING BUSINESS. THE MAN WHO MADE IT HAS DIED. PLEASE RING ME ON 01632 960 142. FRANK DAWSON`,
  },
  {
    kind: 'real',
    category: 'fix',
    name: 'Yasmin Ali',
    email: 'yasmin.ali@example.co.uk',
    message: `Hi, after a plugin update last night the booking calendar on our beauty salon site just shows a spinning wheel. I've tried turning the plugin off and on. Is there any chance you could look today? Saturdays are our busiest day for bookings 😩`,
  },
  {
    kind: 'real',
    category: 'fix',
    name: 'Chris Bamford',
    email: 'chris.bamford@example.co.uk',
    message: `Weird one: the photos on our site show fine on laptops and Android but on iPhones half of them are blank squares. We're a kitchen fitting company and the photos are the whole point! Can you help? Chris`,
  },

  // Real enquiries: domains, hosting and email.
  {
    kind: 'real',
    category: 'domain-hosting',
    train: true,
    name: 'Hugh Barrett',
    email: 'hugh.barrett@example.co.uk',
    message: `Hi, our domain and hosting are with GoDaddy and the renewal price has gone up to £340 a year. Can you move us somewhere sensible and tell us what we actually need to pay for? Small accountancy practice, simple 6 page website and email for 4 people. Hugh`,
  },
  {
    kind: 'real',
    category: 'domain-hosting',
    hard: true,
    name: 'Janet Pearson',
    email: 'janet.pearson@example.co.uk',
    message: `Hello,

We've received a letter in the post headed "FINAL NOTICE – DOMAIN NAME EXPIRATION" asking us to pay £289 to renew our domain name for a year, or we'll lose it and our email will stop working.

Our domain is with 123-reg I think, and I'm sure we didn't pay anything like that last year. Is this letter legitimate? If not, could you help us check when our domain really expires and make sure it renews properly? We're a small charity shop.

Many thanks,
Janet`,
  },
  {
    kind: 'real',
    category: 'domain-hosting',
    name: 'Oliver Grant',
    email: 'oliver.grant@gmail.com',
    message: `Hi, I've just bought a domain for my new gardening business and want an info@ email address on it that works on my phone. Do I need Microsoft 365 or Google Workspace or is there a cheaper way? Happy to pay for an hour of your time to set it up. Oliver`,
  },
  {
    kind: 'real',
    category: 'domain-hosting',
    name: 'Sunita Verma',
    email: 'sunita.verma@example.co.uk',
    message: `Hello,

Our previous web developer has stopped replying to emails and phone calls. He registered our domain name in his own name and has the only login to our hosting. The website still works, but we can't change anything and we're worried what happens when the domain is due for renewal.

Is there a way to get control of our domain back? We're a small nursery (children's, not plants!) in Slough.

Thank you,
Sunita`,
  },
  {
    kind: 'real',
    category: 'domain-hosting',
    name: 'Alan McBride',
    email: 'alan.mcbride@example.co.uk',
    message: `We're paying £40 a month for "hosting and maintenance" for a 5 page site that hasn't been touched since 2019. That seems a lot? What would you charge just to host it? alan`,
  },
  {
    kind: 'real',
    category: 'domain-hosting',
    name: 'Ioana Popescu',
    email: 'ioana.popescu@example.com',
    message: `Hello, I have a small cleaning company in Northampton. My website is with a Romanian hosting company from when I started, but now all my clients are in UK and the site is slow here. I want to move the website and the emails to UK hosting. Can you do this without losing emails? Thank you, Ioana`,
  },
  {
    kind: 'real',
    category: 'domain-hosting',
    name: 'Ben Fitzgerald',
    email: 'ben@example.co.uk',
    message: `Hi, emails we send to customers keep ending up in their spam folders, especially Gmail and Hotmail. Someone mentioned SPF and DKIM? No idea how to check. We use our own domain through Microsoft 365. Could you sort that out for us? Ben`,
  },
  {
    kind: 'real',
    category: 'domain-hosting',
    name: 'Ruth Adeyemi',
    email: 'ruth.adeyemi@example.co.uk',
    message: `Can you host our site? It's just HTML and a few images, a designer made it and gave us the files on a USB stick.`,
  },
  {
    kind: 'real',
    category: 'domain-hosting',
    name: 'Felix Hartmann',
    email: 'felix.hartmann@example.com',
    message: `Hello, we are a German engineering company opening a UK sales office in Birmingham. We need the .co.uk domain pointed to a UK version of our website, and UK email addresses for three people. Our main IT is in Germany but they do not know the UK registrar (Nominet?). Can you help us with this? Best regards, Felix Hartmann`,
  },
  {
    kind: 'real',
    category: 'domain-hosting',
    name: 'Mandy Richards',
    email: 'mandyrichards66@yahoo.co.uk',
    message: `hi we let our website domain lapse by mistake when my card expired and now someone else has it and its showing adverts. Is there anything that can be done?? we are a small kennels and cattery. mandy`,
  },

  // Real enquiries: prices and quotes.
  {
    kind: 'real',
    category: 'pricing',
    train: true,
    name: 'Karen Webb',
    email: 'karen.webb@example.co.uk',
    message: `Hi, how much for a basic 5 page website? Thanks`,
  },
  {
    kind: 'real',
    category: 'pricing',
    hard: true,
    name: 'Jon Everett',
    email: 'jon.everett@example.co.uk',
    message: `Hi, roughly what's your hourly rate? I've got a handful of small jobs on our WordPress site (new team photos, a price change, a broken link in the footer) and don't need a full project. Jon`,
  },
  {
    kind: 'real',
    category: 'pricing',
    hard: true,
    name: 'Samantha Reeves',
    email: 'samantha.reeves@example.co.uk',
    message: `Hello,

Do you offer monthly maintenance packages? Our last developer was overseas and charged by the hour, which was fine on paper, but the time difference and communication were hard work and small changes took weeks.

We'd prefer someone UK-based on a fixed monthly fee for updates, backups and the odd change. We're a physiotherapy clinic with two sites.

Samantha`,
  },
  {
    kind: 'real',
    category: 'pricing',
    name: 'Leon Carter',
    email: 'leon.carter@example.co.uk',
    message: `Hi, do you do payment plans? I'm starting out as an electrician and can't pay a big lump sum up front, but could do monthly. Leon`,
  },
  {
    kind: 'real',
    category: 'pricing',
    name: 'Harriet Boyd',
    email: 'harriet.boyd@example.co.uk',
    message: `Hello, we've been quoted £6,000 by another agency for a new website for our estate agency (about 10 pages plus property listings from our CRM feed). Does that sound about right to you? We'd like a second quote. Harriet`,
  },
  {
    kind: 'real',
    category: 'pricing',
    hard: true,
    name: 'Geoffrey Stanton',
    email: 'g.stanton@example.co.uk',
    message: `Dear Sir or Madam,

I write to enquire about the cost of a modest website for my clock repair business, which I have run from my workshop in Ludlow for thirty-one years. I have never had a website, but my granddaughter informs me that people no longer look in the Yellow Pages.

I should require perhaps three pages: a description of the services I offer, some photographs of my work, and my address and telephone number. I do not wish to sell anything online.

I would be grateful for a written quotation by post or email.

Yours faithfully,
Geoffrey Stanton`,
  },
  {
    kind: 'real',
    category: 'pricing',
    hard: true,
    name: 'Dave - davesdriveways.co.uk',
    email: 'dave@example.co.uk',
    message: `Need a price for a new site, current one is the one in my name. Block paving and driveways, Essex. Just want something that looks better than the competition, with photos of our jobs. Call me 07700 900318`,
  },
  {
    kind: 'real',
    category: 'pricing',
    hard: true,
    name: 'Anna',
    email: 'k7x2mq9pr4@privaterelay.appleid.com',
    message: `Hi, I'm a freelance illustrator and I'd like a portfolio website. How much would a simple one cost, and would I be able to add new work myself? Thank you!`,
  },
  {
    kind: 'real',
    category: 'pricing',
    name: 'Ricky',
    email: 'rickyj1987@hotmail.co.uk',
    message: `price for a website pls. mobile car valeting`,
  },
  {
    kind: 'real',
    category: 'pricing',
    name: 'Thiago Souza',
    email: 'thiago.souza@example.com',
    message: `Hello, I am Brazilian and I have a capoeira and Brazilian jiu-jitsu academy in Bournemouth. I need a website with classes timetable, prices and membership. I have around £1500 to spend. Is enough for you or is too little? Obrigado, Thiago`,
  },

  // Real enquiries: existing clients and everything else.
  {
    kind: 'real',
    category: 'support',
    name: 'Helen Marsh',
    email: 'helen@example.co.uk',
    message: `Hi Tom, quick one: can we change the opening hours on the site to 9–4 on Saturdays from next week? And the phone number in the footer should now be 01632 960 502. Thanks! Helen @ Marsh Opticians`,
  },
  {
    kind: 'real',
    category: 'support',
    hard: true,
    name: 'Ravi Desai',
    email: 'ravi@example.co.uk',
    message: `Hi, I'm a freelance brand designer based in Canterbury. I get asked for websites all the time but I only do logos and print. Would you be open to a referral partnership, where I send clients your way and we work together on the branding side? Happy to meet for a coffee. Portfolio: https://www.ravidesai.design`,
  },
  {
    kind: 'real',
    category: 'support',
    name: 'Sophie Turnbull',
    email: 'sophie.turnbull@example.org',
    message: `Hello, I'm the chair of the PTA at a primary school in Durham. We'd like a simple page for our summer fair with a way to sell raffle tickets online. Is this too small a job for you? We're volunteers so any charity discount would be amazing! Sophie`,
  },
  {
    kind: 'real',
    category: 'support',
    name: 'Malcolm Reid',
    email: 'malcolm.reid@example.co.uk',
    message: `Good morning. I'm registered blind and run a small talking-books charity. A volunteer built our site, and I can't use it with my screen reader: the menu doesn't announce and the donate button is just an image. Could you make it accessible? I'd be happy to test it with you. Malcolm`,
  },
  {
    kind: 'real',
    category: 'support',
    name: 'Kate Morrison',
    email: 'kate.morrison@example.co.uk',
    message: `Hi, I organise the monthly breakfast for our local Chamber of Commerce. Would someone from your team be willing to give a 20-minute talk on how small businesses can use AI sensibly? No fee unfortunately, but breakfast is on us and about 60 local business owners attend. Kate`,
  },
  {
    kind: 'real',
    category: 'support',
    name: 'Nathan Hughes',
    email: 'nathan.hughes@example.co.uk',
    message: `Hi again, the chatbot you set up for us has started telling people we're open on Sundays (we're not!). Could you take a look? Also can we add our new Christmas opening hours to what it knows? Thanks, Nathan (Hughes Hardware)`,
  },
  {
    kind: 'real',
    category: 'support',
    name: 'Wiktoria Kowalczyk',
    email: 'wiktoria.k@example.com',
    message: `Hello, I am a student at Coventry University doing a business project about small agencies using AI for local businesses. Could I ask you 5 short questions by email? It would help me a lot. Thank you! Wiktoria`,
  },

  // Real enquiries a review wrote beyond the corpus, each held before the score read links by
  // site, the sender's own domain, pounds beside dollars and a client asking about a pitch.
  {
    kind: 'real',
    category: 'redesign',
    hard: true,
    name: 'Darren Pike',
    email: 'darren@pikebuild.example.co.uk',
    message: `Dear Sir/Madam,

I am writing to ask for a quote to rebuild the website for Pike Building & Roofing Ltd. The current one was done by a friend in 2016 and does not work properly on phones.

The pages we have now are:
https://www.pikebuild.example.co.uk
https://www.pikebuild.example.co.uk/extensions
https://www.pikebuild.example.co.uk/roofing
https://www.pikebuild.example.co.uk/gallery

We would like to keep the same pages but with more photos of finished jobs and a proper quote form. We are in Chelmsford and cover most of Essex.

Yours faithfully,
Darren Pike`,
  },
  {
    kind: 'real',
    category: 'new-site',
    hard: true,
    name: 'Sue Baker - hastingsfoodbank.example.org.uk',
    email: 'sue.baker@hastingsfoodbank.example.org.uk',
    message: `Hello, I'm a volunteer coordinator at Hastings Food Bank. We have grant funding available from the National Lottery Community Fund to improve our website this year (up to £4,000). We need a volunteer rota sign-up, a donations page and clear referral information in plain English. Would this be something you could help with? We'd need a quote for the funder by the end of the month. Best wishes, Sue`,
  },
  {
    kind: 'real',
    category: 'new-site',
    hard: true,
    name: 'Mrs R. Thornton',
    email: 'office@stmarys-ce-primary.kent.example.sch.uk',
    message: `Dear Sir/Madam,

I am the School Business Manager at St Mary's C of E Primary School in Faversham. The governors have asked me to obtain three quotes for a new school website, as our current provider is closing.

Our requirements:
- Ofsted and DfE statutory information pages
- Class pages that teachers can update themselves
- A newsletter sign-up for parents (a mailing list), with a clear way to opt out at any time
- Parents must be able to opt out of their child's photo appearing online
- Accessibility to WCAG 2.2 AA

Please could you send a quotation and examples of other school websites you have built?

Yours faithfully,
Rachel Thornton
School Business Manager`,
  },
  {
    kind: 'real',
    category: 'shop',
    hard: true,
    name: 'Jess Pennington',
    email: 'jess@penningtonsfarmshop.example.co.uk',
    message: `Hi! I run a farm shop outside Helston and we're starting a veg box scheme in the spring. I'd like a mailing list sign-up on the site so people get the weekly list of what's in the box, with a proper unsubscribe link (I don't want to fall foul of GDPR) and ideally online ordering for the boxes too. Is that something you'd do? Jess`,
  },
  {
    kind: 'real',
    category: 'shop',
    hard: true,
    name: 'Kayleigh Brooks',
    email: 'kayleigh@kbfitnessuk.example.com',
    message: `Hey! I'm a personal trainer in Nottingham with about 15k Instagram followers, mostly women 30-50. I want to sell my 12 week programme online instead of through DMs. Most of my clients come to me because of stubborn belly fat after kids, so the site needs to speak to that without sounding like a dodgy diet ad lol. Can you do a sales page + payment + members area? Kayleigh x`,
  },
  {
    kind: 'real',
    category: 'booking',
    hard: true,
    name: 'Grace Mensah',
    email: 'gracemensah.tutor@gmail.example.com',
    message: `Hi, I'm a maths and physics tutor. Most of my students are in the UK but I've got a growing number of American families too (I charge £40 an hour here and $50 an hour for the US ones, online). I need a website where parents from either country can book and pay for lessons in their own currency and see my availability in their time zone. What would that cost? Thanks, Grace`,
  },
  {
    kind: 'real',
    category: 'seo',
    hard: true,
    name: 'Gareth Pryce',
    email: 'gareth@prycejoinery.example.co.uk',
    message: `Hi, long story short our last SEO agency (won't name them) spent 14 months on "link building". Every month they sent an SEO audit report full of green ticks, and when I finally looked at the backlinks they'd got us, half of them were on online casino sites and Russian forums. Google Search Console now shows a manual action. Do you do penalty clean-up? We're a joinery firm in Swansea. Cheers, Gareth`,
  },
  {
    kind: 'real',
    category: 'domain-hosting',
    hard: true,
    name: 'Lorraine Heslop',
    email: 'lorraine@heslopflorist.example.co.uk',
    message: `Hi, is this genuine?? I got it this morning and I don't want to lose the website. We're with you for hosting I think.

"FINAL NOTICE - DOMAIN SERVICE EXPIRATION. Dear Business Owner, your domain heslopflorist.example.co.uk search engine registration expires today. Failure to complete your search engine registration by the expiration date may result in the cancellation of this offer, making it difficult for your customers to locate you on the web."

Lorraine`,
  },
  {
    kind: 'real',
    category: 'seo',
    hard: true,
    name: 'Derek Shaw',
    email: 'derekshaw1958@hotmail.example.co.uk',
    message: `How long does it take to get your website on the first page of Google? And is it worth paying for Google ads for your business in the meantime? I'm thinking of starting a mobile mechanic business.`,
  },
  {
    kind: 'real',
    category: 'redesign',
    hard: true,
    name: 'Imogen Pryor',
    email: 'imogen@pryorfoodblog.example.com',
    message: `Hi! I'm a food blogger (42k Instagram followers, 15k on the newsletter) and most of my income is sponsored posts with food brands. My blog is on an old Blogger theme and looks awful on phones. I'd love to move it to WordPress without losing my Google traffic. Could you quote? Links: https://www.pryorfoodblog.example.com and my media kit https://www.pryorfoodblog.example.com/media-kit Imogen`,
  },

  // Real enquiries a second review wrote beyond the corpus, each held after the marks: a client
  // asking about a pitch in words the score did not know ("should I reply?", "legit or not?"), or
  // forwarding it whole, and a hacked site's owner quoting WordPress's "critical issues".
  {
    kind: 'real',
    category: 'fix',
    hard: true,
    name: 'Rebecca Stone',
    email: 'rebecca@stonephysio.example.co.uk',
    message: `URGENT - our website has been hacked and our host has taken it down. This morning we got: "Your account has been temporarily suspended due to malicious files detected on your account." We ran a full scan with Wordfence before it went down and it said there were critical issues and 14 vulnerabilities found, mostly old plugins.

We're a physio clinic and patients book through the site, so we're losing bookings. Can someone look at it today? The site is stonephysio.example.co.uk, I have the hosting login. Please ring me on 07700 900654.

Rebecca`,
  },
  {
    kind: 'real',
    category: 'domain-hosting',
    hard: true,
    name: 'Colin Bates',
    email: 'colin@batesandsonplumbing.example.co.uk',
    message: `Hi, I got the email below through the contact form on the site you built us. Should I be worried? I don't want Google to take us off.

---------- Forwarded message ---------
Hello Website Owner,
I was checking your website and found 27 errors on your website that are hurting your business ranking on Google. Your website ranking is low because of broken links and slow speed. We ran a full scan and critical issues were found. Please reply and I will send you the full SEO audit report free of cost.
Regards, Daniel

Colin`,
  },
  {
    kind: 'real',
    category: 'domain-hosting',
    hard: true,
    name: 'Beverley Nash',
    email: 'bev@nashbeauty.example.co.uk',
    message: `Hello, do you know anything about this? It came in yesterday and it looks a bit official:

"Dear business owner, your Google Business listing has been flagged for suspension due to incomplete verification. To secure your listing please complete verification within 24 hours or your business will be removed from search."

Is this something I need to do anything about? Bev (Nash Beauty, Worcester)`,
  },
  {
    kind: 'real',
    category: 'seo',
    hard: true,
    name: 'Neil Barton',
    email: 'neil@bartontiling.example.co.uk',
    message: `Hiya, I keep getting these through our website, should I reply or just ignore?

"Hi, I came across your website and noticed you are not on the 1st page of Google. We can get your website on the first page of Google in 30 days. Our SEO packages start at $99 per month."

Cheers, Neil`,
  },
  {
    kind: 'real',
    category: 'seo',
    hard: true,
    name: 'Martin Keane',
    email: 'martin@keaneaccountants.example.co.uk',
    message: `Hi, forwarding this one - legit or not? Got it twice this week.

Subject: Your website has errors
Hi, I noticed your website has errors that are affecting your rankings. I came across your website and noticed 23 issues on your website that are hurting your business. We can rank your website on the first page of Google. Shall I send you the free SEO audit report? If you are not interested please reply STOP.

Thanks, Martin`,
  },

  // Spam: search-ranking pitches.
  {
    kind: 'spam',
    category: 'seo-pitch',
    train: true,
    name: 'Jessica Smith',
    email: 'jessica.seoexpert@gmail.com',
    message: `Hi,

I was checking your website and noticed that it is not ranking on the first page of Google for many important keywords related to your business.

We can get your website on the 1st page of Google, Yahoo and Bing within 90 days. GUARANTEED! Our SEO packages start at just $199/month and include on-page optimization, high quality backlinks, local citations and monthly reports.

If interested, kindly reply with your phone number and a good time to call, and I will send you a FREE proposal and price list.

Best Regards,
Jessica Smith
Senior SEO Consultant

If you do not wish to receive further emails, reply with "REMOVE" in the subject line.`,
  },
  {
    kind: 'spam',
    category: 'seo-pitch',
    name: 'Get Traffic https://trafficsurge-pro.xyz',
    email: 'info@trafficsurge-pro.xyz',
    message: `Want more clients and customers? We will help them find you by putting you on the 1st page of Google. Email us back to get a full proposal. https://trafficsurge-pro.xyz/free-proposal`,
  },
  {
    kind: 'spam',
    category: 'seo-pitch',
    name: 'Daniel Brooks',
    email: 'daniel.brooks@example.com',
    message: `Dear Website Owner,

Are you tired of being invisible on Google? Your competitors are stealing YOUR customers every single day!!!

Our proven SEO system has ranked 3,500+ businesses at #1 on Google. No contracts. No risk. 100% money back guarantee.

>> Claim your FREE SEO Audit worth $497 today: https://rank1-now.com/audit
>> See our results: https://rank1-now.com/case-studies

This offer expires in 24 hours.

Regards,
Daniel Brooks | Rank1 Now Marketing
To unsubscribe click here: https://rank1-now.com/unsub`,
  },
  {
    kind: 'spam',
    category: 'seo-pitch',
    name: 'Sophia Lee',
    email: 'sophia.digitalgrowth@outlook.com',
    message: `Hello Team,

I hope this message finds you well. I came across your website and was genuinely impressed by your services. However, I noticed that your site could benefit from improved visibility on search engines like Google.

As a digital marketing specialist with 8+ years of experience, I help businesses like yours boost organic traffic, improve keyword rankings and generate quality leads through white-hat SEO strategies.

Would you be open to a quick chat to discuss how I can help your business grow? I'd be happy to share a complimentary analysis of your website.

Looking forward to hearing from you.

Warm regards,
Sophia Lee
Digital Marketing Specialist`,
  },
  {
    kind: 'spam',
    category: 'seo-pitch',
    name: 'Mike',
    email: 'mike@local-maps-boost.com',
    message: `Hi there, your business is not showing in the Google Maps 3-pack for your main keywords. We specialise in Local SEO and GMB optimization. Get ranked in the top 3 in 30 days or you don't pay. Packages from $149/mo. Reply "YES" and I'll send details. Mike`,
  },
  {
    kind: 'spam',
    category: 'seo-pitch',
    name: 'Web Traffic Solutions',
    email: 'sales@example.net',
    message: `Get 50,000 REAL targeted visitors to your website for only $39! Country targeted traffic (UK, USA, Canada). Boost your Alexa rank, improve your Google ranking and increase sales FAST. Order now: https://buy-web-traffic.top/order?pkg=50k Limited slots available this week!`,
  },
  {
    kind: 'spam',
    category: 'seo-pitch',
    name: 'Rahul Verma',
    email: 'rahul.seo.services@yahoo.com',
    message: `Hi,

Hope you are doing well.

I would like to offer you our SEO services. We are a team of 25 SEO experts and we can provide your website Top 10 ranking on Google.

Our Services:
1. On-Page SEO
2. Off-Page SEO (Link Building)
3. Local SEO / Google My Business
4. Social Media Optimization
5. Content Writing

If you are interested, please share your target keywords and I will send you our best quotation.

Thanks & Regards,
Rahul Verma
Business Development Manager

PS: If this is not the right time, please let me know and I will get back to you later.`,
  },
  {
    kind: 'spam',
    category: 'seo-pitch',
    name: 'Karen Wells',
    email: 'karen.wells@mailinator.com',
    message: `Hello,

Quick question: would you like your website to be on page 1 of Google for "web design" in your city?

We have helped dozens of agencies just like yours get 5x more leads without paying for ads. I can show you exactly how in a short 10-minute video, free of charge.

Just reply "Show me" and I'll send it across.

Karen
https://page1-agency-growth.com`,
  },

  // Spam: "your site has errors" audits.
  {
    kind: 'spam',
    category: 'site-audit',
    train: true,
    name: 'Emily Johnson',
    email: 'emily.webaudit@gmail.com',
    message: `Hi,

I was going through your website and found some errors that are preventing it from getting more traffic and leads:

- 37 broken links and 404 pages
- Slow page loading speed (8.2 seconds)
- Not mobile friendly on some devices
- Missing meta tags and alt text
- Poor Google ranking for important keywords

Shall I send you a detailed audit report with the solutions? It is completely free, no obligation.

What is the best number to reach you?

Regards,
Emily Johnson
Website Consultant`,
  },
  {
    kind: 'spam',
    category: 'site-audit',
    name: 'Alex Turner',
    email: 'alex.turner@example.com',
    message: `Your website has 12 critical issues that are hurting your business. We ran a full scan and generated a report for you. Download your free report here: https://site-health-scan.online/report/FD-88213 (link expires in 48 hours)`,
  },
  {
    kind: 'spam',
    category: 'site-audit',
    name: 'Jason Miller',
    email: 'jason@accessibility-compliance-now.com',
    message: `URGENT: Is your website ADA & WCAG 2.1 compliant?

Over 4,000 accessibility lawsuits were filed last year against small business websites. Our scan shows your website has 23 accessibility violations that could expose you to legal action.

Protect your business today with our AI-powered compliance widget, only $49/month. Install in 5 minutes.

Get your free compliance scan: https://accessibility-compliance-now.com/scan

Jason Miller
Compliance Team`,
  },
  {
    kind: 'spam',
    category: 'site-audit',
    name: 'Olivia Parker',
    email: 'olivia.parker@10minutemail.com',
    message: `Hey,

I recorded a quick 2-minute video for you showing 3 problems on your website that are probably costing you customers. It's nothing salesy, just things I noticed.

Want me to send it over?

Olivia`,
  },
  {
    kind: 'spam',
    category: 'site-audit',
    name: 'Website Review Team',
    email: 'review@example.org',
    message: `Hello Business Owner,

We have analysed your website and found that it fails Google's Core Web Vitals assessment. This means Google is showing your competitors instead of you.

Your Results:
Largest Contentful Paint: POOR
Cumulative Layout Shift: POOR
Mobile Usability: FAILED

Our developers can fix all of these issues within 72 hours for a one-time fee of $299.

Reply to this email to get started.`,
  },
  {
    kind: 'spam',
    category: 'site-audit',
    name: 'Nick Harper',
    email: 'nick.harper@yopmail.com',
    message: `Is this still the website owner? I noticed some issues with the design and performance of your site. I have prepared a screenshot report. Can I send it?`,
  },
  {
    kind: 'spam',
    category: 'site-audit',
    name: 'Sarah Williams',
    email: 'sarah.williams.design@outlook.com',
    message: `Hello,

I visited your website and I must say the layout looks a bit outdated and is not fully responsive. In today's market, 80% of visitors leave a website if it doesn't look modern.

I am a web designer and I can redesign your website with a modern, eye-catching and SEO-friendly layout at a very affordable price.

May I send you some samples of my previous work and the price?

Thanks,
Sarah`,
  },
  {
    kind: 'spam',
    category: 'site-audit',
    name: 'Audit Bot',
    email: 'noreply@example.net',
    message: `WEBSITE HEALTH ALERT

Score: 41/100 (Critical)
Security: 3 vulnerabilities found
SEO: 19 errors
Speed: Slow

Fix it now before you lose more customers: https://webfix-24.site/fix?id=77120
Questions? WhatsApp us: https://wa.me/15550100234`,
  },

  // Spam: guest posts and backlinks.
  {
    kind: 'spam',
    category: 'guest-post',
    train: true,
    name: 'Anna Collins',
    email: 'anna.collins.outreach@gmail.com',
    message: `Hi there,

I'm Anna, a content writer and outreach specialist. I really enjoyed reading the articles on your website.

Are you accepting guest posts? I'd love to contribute a high-quality, 100% unique article on a topic relevant to your audience, in exchange for one do-follow link to my client's website.

If you have a price for sponsored posts, please let me know as well.

Looking forward to your reply.

Best,
Anna Collins`,
  },
  {
    kind: 'spam',
    category: 'guest-post',
    name: 'Backlink King',
    email: 'orders@backlinkking.shop',
    message: `HIGH DA BACKLINKS PACKAGE - ONLY $49!!!

100 PBN links DA 50+
50 high authority .edu and .gov links
Permanent do-follow, indexed in 7 days

Boost your rankings FAST. Order here: https://backlinkking.shop/packages
Fiverr: https://www.fiverr.com/backlinkking_pro
Telegram: https://t.me/backlinkking_support`,
  },
  {
    kind: 'spam',
    category: 'guest-post',
    name: 'David Wilson',
    email: 'david.wilson@example.com',
    message: `Hello,

I came across one of your blog posts and noticed you link to a few helpful resources. I was wondering if you'd be open to a link insertion in an existing article on your site? We'd be happy to pay $80 per link, via PayPal.

Please let me know if this works for you.

Thanks,
David`,
  },
  {
    kind: 'spam',
    category: 'guest-post',
    name: 'Maria Lopez',
    email: 'maria.lopez@guerrillamail.com',
    message: `Hi Webmaster,

We are offering guest posting on the following high authority websites. All sites have real organic traffic:

techgrowthhub.com - DA 62 - $120
bizinsiderdaily.net - DA 58 - $95
healthylifetips.org - DA 55 - $80
cryptonewsworld.io - DA 51 - $70
travelblogmagic.com - DA 48 - $60

Bulk discounts available. Casino, CBD and crypto niches accepted (extra fee).

Regards,
Maria`,
  },
  {
    kind: 'spam',
    category: 'guest-post',
    name: 'Chris Morgan',
    email: 'chris@example.org',
    message: `Hey there! I noticed a broken link on your page about small business websites. The resource you linked to no longer exists. We have recently published a comprehensive guide on the same topic that could be a great replacement: https://ultimate-biz-guides.com/web-design-guide-2024 Would you consider updating the link? Cheers, Chris`,
  },
  {
    kind: 'spam',
    category: 'guest-post',
    name: 'Linda Harris',
    email: 'linda.harris@outlook.com',
    message: `Dear Editor,

I'm reaching out on behalf of a well-known brand that would love to be featured on your website through a sponsored post. We will provide the article and you simply publish it with 2 do-follow links. Our budget is $150 per post and we are looking for long-term collaboration (4 posts per month).

Kindly share your guidelines and payment details.

Kind Regards,
Linda Harris
Partnerships Manager`,
  },
  {
    kind: 'spam',
    category: 'guest-post',
    name: 'SEO Links',
    email: 'seolinks2024@mailinator.com',
    message: `Get high quality dofollow backlinks from real sites with traffic. Manual outreach, white hat, niche relevant. DA30+ from $25 per link. See our list https://linkbuilding-hub.net/sites-list`,
  },
  {
    kind: 'spam',
    category: 'guest-post',
    name: 'Ryan Cooper',
    email: 'ryan.cooper@example.com',
    message: `Hello,

I'm a freelance writer and I would love to write a free article for your blog. Some topic ideas:

1. 10 Web Design Trends That Will Dominate This Year
2. Why Every Small Business Needs a Chatbot
3. How AI Is Changing Digital Marketing

In return I only ask for one contextual link to a site I work with. Let me know which topic you like!

Ryan`,
  },

  // Spam: developers and virtual assistants by the hour.
  {
    kind: 'spam',
    category: 'outsourcing',
    train: true,
    name: 'Amit Singh',
    email: 'amit.singh.itservices@gmail.com',
    message: `Hello,

Hope you are doing great!

We are a software development company from India and we provide dedicated resources on an hourly/monthly basis at very competitive rates:

- WordPress / Shopify Developer: $12/hour
- React / Node.js Developer: $15/hour
- Mobile App Developer (Flutter, iOS, Android): $18/hour
- AI / ML Engineer: $20/hour

We have 150+ skilled developers and worked with 500+ clients in USA, UK and Australia. Free 1 week trial.

Please let me know a suitable time for a quick call.

Best Regards,
Amit Singh
Business Development Executive`,
  },
  {
    kind: 'spam',
    category: 'outsourcing',
    name: 'Grace - Virtual Assistant',
    email: 'grace.va.services@gmail.com',
    message: `Hi! Are you overwhelmed with admin tasks? I am an experienced Virtual Assistant from the Philippines offering email management, data entry, scheduling, social media and customer support for only $6/hr. Let me take the boring stuff off your plate so you can focus on growing your business! Reply for a free trial day.`,
  },
  {
    kind: 'spam',
    category: 'outsourcing',
    name: 'John Peterson',
    email: 'john@example.com',
    message: `Hello Partner,

Do you have more web projects than your team can handle? We are a white-label web development agency. We build WordPress, Shopify and custom websites under YOUR brand, at 60% less cost than hiring in-house.

- Fixed price or hourly ($14/hr)
- NDA signed
- 24/7 availability

Let's schedule a call this week: https://calendly.com/whitelabel-devs/15min

John Peterson
Partner Success Manager`,
  },
  {
    kind: 'spam',
    category: 'outsourcing',
    name: 'Muhammad Usman',
    email: 'usman.fullstack@outlook.com',
    message: `Hi, I am a full stack developer with 10 years of experience in PHP, Laravel, React, Vue, Node, WordPress, Shopify, Python and AI chatbots. I am available for your projects, my rate is $15/hr and I can work in your timezone. Portfolio: https://usman-dev-portfolio.netlify.app Upwork: https://www.upwork.com/freelancers/~01usmanfullstack`,
  },
  {
    kind: 'spam',
    category: 'outsourcing',
    name: 'Offshore Dev Team',
    email: 'hello@offshore-devteam.co',
    message: `Scale your agency without hiring! Dedicated offshore developers starting at $1,800/month full time. React, Node, Shopify, WordPress, Webflow. Hire in 48 hours. No recruitment fees. Book a call: https://offshore-devteam.co/hire`,
  },
  {
    kind: 'spam',
    category: 'outsourcing',
    name: 'Kevin Reyes',
    email: 'kevin.reyes@sharklasers.com',
    message: `Hello,

We provide appointment setting and lead generation services. Our trained callers will book qualified meetings directly into your calendar. Pay per appointment, just $35 per booked meeting.

Interested? Let me know and I'll share some case studies.

Kevin`,
  },
  {
    kind: 'spam',
    category: 'outsourcing',
    name: 'Data Entry Experts',
    email: 'dataentryexperts@example.net',
    message: `Dear Sir/Madam,

We offer data entry, data conversion, PDF to Excel, web research, image editing and product listing services at the lowest rates in the industry, starting from $4 per hour. 99.9% accuracy guaranteed. Quick turnaround.

Send us your requirement for a free sample.

Thanks and Regards
Data Entry Experts`,
  },
  {
    kind: 'spam',
    category: 'outsourcing',
    name: 'Ali Raza',
    email: 'ali.raza.apps@gmail.com',
    message: `Hi,

Do you need a mobile app for your business? We develop iOS and Android apps at very affordable prices. Food delivery app, taxi app, e-commerce app, dating app clone, everything ready-made in 2 weeks.

Price starting from $999 only.

WhatsApp: +1 555 0142 887

Ali`,
  },

  {
    kind: 'spam',
    category: 'outsourcing',
    name: 'Vikram Solutions Pvt Ltd',
    email: 'bd@vikram-solutions.example.in',
    message: `Dear Sir/Madam,

Greetings of the day!

We are pleased to introduce ourselves as one of the leading IT outsourcing companies, having 14+ years of experience in delivering web development, mobile app development, digital marketing and AI solutions to 1,200+ happy clients in the UK, USA, Canada, Australia and the Middle East.

WHY CHOOSE US?
* 250+ in-house certified developers and designers
* ISO 9001:2015 and ISO 27001 certified company
* Flexible engagement models: Fixed Price, Hourly ($10-$18/hr) and Dedicated Resource ($1,600/month)
* 100% money-back guarantee and free 30 days support
* Work in UK time zone, daily reports via email, Skype, WhatsApp and Slack

OUR SERVICES:
1. Website Design & Development (WordPress, Shopify, Magento, Wix, Webflow, Laravel, React, Angular)
2. Mobile Apps (iOS, Android, Flutter, React Native)
3. E-commerce Solutions and Marketplace Development
4. AI Chatbots, ChatGPT Integration and Automation (Zapier, Make, n8n)
5. SEO, SMO, PPC and Content Writing
6. Graphic Design, Logo Design and Video Editing
7. Virtual Assistant and Back Office Support

WHITE LABEL PARTNERSHIP: Agencies like yours can resell our services under your own brand and earn up to 60% margin. We sign NDA and never contact your clients directly.

SPECIAL OFFER THIS MONTH: 20% discount on your first project and a FREE website audit worth $299.

Portfolio: https://vikram-solutions.example.in/portfolio
Case studies: https://vikram-solutions.example.in/case-studies
Book a free consultation: https://calendly.com/vikram-solutions/30min
WhatsApp: https://wa.me/15550106677

Looking forward to a long-term business relationship with you.

Thanks & Regards,
Vikram Sharma
Business Development Manager
Vikram Solutions Pvt Ltd

Note: If you are not interested, please reply with "No" and we will not contact you again.`,
  },

  // Spam: followers and reviews for sale.
  {
    kind: 'spam',
    category: 'followers-reviews',
    train: true,
    name: 'Social Boost',
    email: 'support@socialboost-fast.com',
    message: `Grow your Instagram FAST! 🚀

1,000 real followers - $9
5,000 real followers - $35
10,000 real followers + 2,000 likes - $59

Instant delivery, no password needed, 30-day refill guarantee. Order now: https://socialboost-fast.com/instagram`,
  },
  {
    kind: 'spam',
    category: 'followers-reviews',
    name: 'Lisa Grant',
    email: 'lisa.grant.reviews@gmail.com',
    message: `Hello,

Do you want more 5-star Google reviews for your business? We provide real, permanent Google reviews from local accounts with profile pictures. They will never be removed.

10 reviews: $50
25 reviews: $110
50 reviews: $200

Also available: Trustpilot, Yelp, Facebook, TripAdvisor.

Reply to order.

Lisa`,
  },
  {
    kind: 'spam',
    category: 'followers-reviews',
    name: 'Trust Reviews https://trustreviews-pro.com',
    email: 'orders@trustreviews-pro.com',
    message: `Boost your Trustpilot rating to 4.8+ in 14 days. Verified reviewers, UK IP addresses, drip-fed so it looks natural. Packages from $79. https://trustreviews-pro.com`,
  },
  {
    kind: 'spam',
    category: 'followers-reviews',
    name: 'Jenny',
    email: 'jenny.tiktokgrowth@yopmail.com',
    message: `Hi! Want to go viral on TikTok? 😍 We sell TikTok views, likes and followers 100% safe. 100k views just $15!! DM us on Telegram @tiktok_viral_boost or visit https://viralboost.club`,
  },
  {
    kind: 'spam',
    category: 'followers-reviews',
    name: 'Mark Stevens',
    email: 'mark.stevens@example.com',
    message: `Hello,

Are negative reviews hurting your business? Our reputation management team can remove bad Google and Trustpilot reviews permanently. We have a 95% success rate. You only pay when the review is deleted ($150 per review).

Contact us for a confidential consultation.

Mark Stevens
Online Reputation Management`,
  },
  {
    kind: 'spam',
    category: 'followers-reviews',
    name: 'YouTube Growth',
    email: 'ytgrowth@10minutemail.com',
    message: `Monetize your YouTube channel FAST! 1000 subscribers + 4000 watch hours package only $99. Real and safe, monetization guaranteed. https://yt-monetize-now.com/order`,
  },
  {
    kind: 'spam',
    category: 'followers-reviews',
    name: 'Kate Robinson',
    email: 'kate.robinson@example.org',
    message: `Hi there,

I noticed your Facebook page only has a few hundred likes. Businesses with 10k+ page likes get 5x more trust from customers!

We can grow your Facebook page with real, active, targeted UK likes. Special offer this week: 5,000 likes for $45 (normally $90).

Let me know if you're interested!

Kate`,
  },
  {
    kind: 'spam',
    category: 'followers-reviews',
    name: 'Mega Social Package',
    email: 'sales@example.net',
    message: `ALL IN ONE SOCIAL MEDIA PACKAGE:
✅ 5k Instagram followers
✅ 2k Facebook likes
✅ 50 Google 5-star reviews
✅ 10k TikTok views
ONLY $149 (save 60%)
Order: https://megasocial.store/bundle
WhatsApp: https://wa.me/15550104411`,
  },

  // Spam: business loans and funding.
  {
    kind: 'spam',
    category: 'loans-funding',
    train: true,
    name: 'Tyler Brooks',
    email: 'tyler.brooks@fastfundingcapital.com',
    message: `Hi,

Your business may qualify for up to $500,000 in working capital. No collateral required, bad credit OK, funding in as little as 24 hours.

Apply in 2 minutes: https://fastfundingcapital.com/apply

No impact on your credit score to check eligibility.

Tyler Brooks
Funding Specialist

Reply STOP to opt out.`,
  },
  {
    kind: 'spam',
    category: 'loans-funding',
    name: 'Business Capital Team',
    email: 'approvals@example.com',
    message: `CONGRATULATIONS! Your business has been PRE-APPROVED for a £50,000 business loan at 2.9% APR. This offer is reserved for you until Friday. Click to accept your funds: https://uk-bizloan-approvals.com/accept?ref=FD2291`,
  },
  {
    kind: 'spam',
    category: 'loans-funding',
    name: 'Robert Hale',
    email: 'robert.hale.investments@gmail.com',
    message: `Dear Sir/Madam,

I am a private investor and I represent a group of international investors looking to fund business projects and startups worldwide. We offer loans at a 3% annual interest rate with a repayment period of 5 to 25 years, and we can fund projects from $100,000 up to $500 million.

If you have a viable project or business that requires funding, please contact me with your executive summary.

Best regards,
Robert Hale
Investment Consultant`,
  },
  {
    kind: 'spam',
    category: 'loans-funding',
    name: 'ERC Refund Specialists',
    email: 'erc@example.org',
    message: `Did you know your business could be eligible for up to $26,000 PER EMPLOYEE through the Employee Retention Credit? Most business owners are leaving money on the table! Check your eligibility in 8 minutes, no upfront fees: https://erc-refund-now.com`,
  },
  {
    kind: 'spam',
    category: 'loans-funding',
    name: 'Sam Carter',
    email: 'sam.carter@guerrillamail.com',
    message: `Hey, need fast cash for your business? Merchant cash advance $10k-$2M, approval in 4 hours, funds next day. Low credit scores welcome. Text me at +1 (555) 0127 or reply here.`,
  },
  {
    kind: 'spam',
    category: 'loans-funding',
    name: 'Grant Advisors UK',
    email: 'info@example.co.uk',
    message: `GOVERNMENT GRANT FUNDING AVAILABLE FOR YOUR BUSINESS

Your company may be eligible for up to £25,000 in non-repayable grant funding for digital projects. We have a 98% success rate and guarantee approval or your money back.

Application fee: £199 (refundable)

Check eligibility now: https://ukgrantsguaranteed.com/check

Deadline: this Friday.`,
  },
  {
    kind: 'spam',
    category: 'loans-funding',
    name: 'Equipment Finance Direct',
    email: 'finance@equipmentfinance-direct.net',
    message: `Hi, we finance computers, servers, vehicles and office equipment for small businesses with no money down. Terms 12-60 months. Same-day decisions. Get a quote: https://equipmentfinance-direct.net/quote`,
  },
  {
    kind: 'spam',
    category: 'loans-funding',
    name: 'Mrs. Helen Carter',
    email: 'helen.carter.loans@outlook.com',
    message: `Do you need a loan to pay off your debts, start a business or expand your existing business? We offer all kinds of loans at 2% interest rate to individuals and companies. Contact us via email for more information: helen.carter.loans@outlook.com or WhatsApp +1 555 0198 3320. God bless.`,
  },

  // Spam: crypto and forex.
  {
    kind: 'spam',
    category: 'crypto-forex',
    train: true,
    name: 'Crypto Profits',
    email: 'noreply@crypto-wealth-ai.com',
    message: `Earn $1,500 per day from home with our AI crypto trading bot! 🤖💰

Our members made 340% returns last month. No experience needed, start with just $250.

Join today and receive a FREE $100 bonus: https://crypto-wealth-ai.com/join

Only 17 spots left!!!`,
  },
  {
    kind: 'spam',
    category: 'crypto-forex',
    name: 'James Holden',
    email: 'james.holden.fx@gmail.com',
    message: `Hello,

I am a professional forex trader with over 12 years of experience. I help people grow their capital by trading forex and gold (XAU/USD) on their behalf. My clients make between 20% and 35% profit weekly.

Minimum investment: $500
Withdrawal anytime

Join my VIP signals group on Telegram for free: https://t.me/james_fx_vip

Regards,
James`,
  },
  {
    kind: 'spam',
    category: 'crypto-forex',
    name: 'Crypto Rewards https://bnb-rewards-claim.com',
    email: 'rewards@bnb-rewards-claim.com',
    message: `You have received 0.85 BTC ($52,340) from a verified sender. Withdraw your funds within 24 hours, after which they will be returned: https://bnb-rewards-claim.com/withdraw?id=88213`,
  },
  {
    kind: 'spam',
    category: 'crypto-forex',
    name: 'Crypto Recovery Experts',
    email: 'recovery@yopmail.com',
    message: `Have you lost money to a fake crypto investment or a forex scam? Our team of certified blockchain investigators can recover your stolen Bitcoin, USDT and Ethereum. 100% success rate. Contact us today: recoveryexperts@example.com`,
  },
  {
    kind: 'spam',
    category: 'crypto-forex',
    name: 'NFT Drop',
    email: 'drops@example.net',
    message: `🔥 EXCLUSIVE NFT MINT IS LIVE 🔥 Only 500 left! Mint price 0.02 ETH, floor already 0.4 ETH. Whitelist spots closing in 2 hours. Connect your wallet now: https://exclusive-ape-mint.xyz`,
  },
  {
    kind: 'spam',
    category: 'crypto-forex',
    name: 'Victoria Adams',
    email: 'victoria.adams@example.com',
    message: `Hi dear,

How are you doing today? I hope you don't mind me contacting you like this. I am a crypto investor and I have been making very good profits with a trading platform that my uncle introduced me to. I withdrew $38,000 last month.

I would like to help you too, it's very easy. Reply me so I can show you how it works.

Victoria`,
  },
  {
    kind: 'spam',
    category: 'crypto-forex',
    name: 'Binary Options Pro',
    email: 'signals@binaryoptions-pro.net',
    message: `Trade binary options with 92% accurate signals! Turn $100 into $5,000 in a week. Free trial: https://binaryoptions-pro.net/trial Risk-free first trade.`,
  },
  {
    kind: 'spam',
    category: 'crypto-forex',
    name: 'Token Airdrop',
    email: 'airdrop@mailinator.com',
    message: `Congratulations! Your wallet is eligible for the $ZKX token airdrop (2,500 tokens ≈ $1,875). Claim before the snapshot closes: https://zkx-airdrop-claim.site Do not share this link.`,
  },

  // Spam: casinos and betting.
  {
    kind: 'spam',
    category: 'casino',
    train: true,
    name: 'Lucky Spins Casino',
    email: 'bonus@luckyspins-casino.vip',
    message: `🎰 WELCOME BONUS 200% UP TO £500 + 100 FREE SPINS 🎰

Sign up at Lucky Spins today and play over 3,000 slots, live roulette and blackjack. Fast withdrawals, no verification needed!

Claim your bonus now: https://luckyspins-casino.vip/welcome

18+ | Play responsibly`,
  },
  {
    kind: 'spam',
    category: 'casino',
    name: 'Best Slots >>> https://top-slots-uk.online',
    email: 'info@top-slots-uk.online',
    message: `Best UK casinos NOT on GamStop! No deposit bonus, free spins, instant payouts in crypto. Play now: https://top-slots-uk.online/not-on-gamstop`,
  },
  {
    kind: 'spam',
    category: 'casino',
    name: 'Michael Grant',
    email: 'michael.grant.affiliates@gmail.com',
    message: `Hello,

I represent an online casino affiliate network. We would like to buy a permanent link or a sponsored article on your website for our casino brands. We pay well: $300 per article, paid upfront via PayPal or crypto.

Please let me know if you are interested and your price.

Best regards,
Michael Grant`,
  },
  {
    kind: 'spam',
    category: 'casino',
    name: 'Tips Master',
    email: 'tips@sharklasers.com',
    message: `100% FIXED MATCHES this weekend. Odds 2/1 to 50/1. Guaranteed win, we have inside info. Join our VIP betting tips group: https://t.me/fixed_matches_vip_uk Payment via Bitcoin only.`,
  },
  {
    kind: 'spam',
    category: 'casino',
    name: 'Poker Night Online',
    email: 'promo@example.com',
    message: `Play real money poker with players from all over the world! 24/7 tournaments with guaranteed prize pools of $1,000,000. Deposit with crypto and get a 150% rakeback bonus. Download now: https://pokernight-online.bet/download`,
  },
  {
    kind: 'spam',
    category: 'casino',
    name: 'Crash Game',
    email: 'crash@example.net',
    message: `Aviator crash game predictor 🚀✈️ Win every round with our AI signals bot. 97% accuracy. Sign up with promo code AVIATOR500 for a 500% deposit bonus: https://aviator-predictor.win`,
  },
  {
    kind: 'spam',
    category: 'casino',
    name: 'International Lottery Board',
    email: 'claims@example.org',
    message: `OFFICIAL WINNING NOTIFICATION

Your email address has won the sum of £850,000.00 (Eight Hundred and Fifty Thousand Pounds) in the International Online Lottery draw held on the 12th of this month. Ticket number: 44-0021-7789.

To claim your prize, contact our claims agent with your full name, address, phone number and occupation.

Processing fee applies.`,
  },
  {
    kind: 'spam',
    category: 'casino',
    name: 'Jack',
    email: 'jack.spins@10minutemail.com',
    message: `hey i found this new casino site that gives 50 free spins no deposit, i won £400 yesterday lol check it https://spinwin-free.club/?ref=jack77`,
  },

  // Spam: pharmacy.
  {
    kind: 'spam',
    category: 'pharmacy',
    train: true,
    name: 'Online Pharmacy',
    email: 'orders@meds-direct24.com',
    message: `Buy Viagra, Cialis and Levitra online WITHOUT prescription! Lowest prices guaranteed, up to 90% OFF. Discreet packaging and fast worldwide shipping. Pay with Visa, Mastercard or Bitcoin.

Order now: https://meds-direct24.com/shop

Bonus: 4 free pills with every order!`,
  },
  {
    kind: 'spam',
    category: 'pharmacy',
    name: 'Slim Clinic',
    email: 'slimclinic@yopmail.com',
    message: `Lose up to 15kg in 8 weeks with Ozempic / semaglutide pens - NO PRESCRIPTION NEEDED! Next day UK delivery. Limited stock, order today: https://slim-pens-uk.shop`,
  },
  {
    kind: 'spam',
    category: 'pharmacy',
    name: 'Pharma Express',
    email: 'pharmaexpress@example.com',
    message: `Tramadol 50mg, Xanax 2mg, Valium, Oxycodone available with overnight delivery. No prescription, no questions asked. Best quality, 100% discreet. WhatsApp: https://wa.me/15550109987 Telegram: @pharma_express_uk`,
  },
  {
    kind: 'spam',
    category: 'pharmacy',
    name: 'Focus Pills',
    email: 'focus@guerrillamail.com',
    message: `Boost your productivity with Modafinil and Armodafinil! Used by entrepreneurs and students worldwide. 100 pills for $89, pay with crypto for 20% off. Shipping to UK in 7-10 days. https://smart-focus-pills.net`,
  },
  {
    kind: 'spam',
    category: 'pharmacy',
    name: 'Natural Health News',
    email: 'news@example.org',
    message: `Dear Friend,

Doctors are FURIOUS about this! A simple CBD gummy, featured on Dragons' Den, is helping thousands of Brits beat chronic pain, anxiety and insomnia, without pills or side effects.

For a limited time, get your FREE trial bottle (just pay £4.95 shipping): https://cbd-miracle-gummies.co/free-trial

Stocks are running out fast!`,
  },
  {
    kind: 'spam',
    category: 'pharmacy',
    name: 'Keto Burn',
    email: 'ketoburn@example.net',
    message: `🔥 KETO BURN ULTRA 🔥 Melt belly fat while you sleep! Lose 1kg a day without diet or exercise. Buy 3 get 2 FREE today only >>> https://ketoburn-ultra.store`,
  },
  {
    kind: 'spam',
    category: 'pharmacy',
    name: 'Canadian Pharmacy',
    email: 'support@canadian-rx-online.net',
    message: `Canadian Pharmacy Online - save up to 80% on brand and generic medications. Antibiotics, painkillers, erectile dysfunction, weight loss, hair loss. No prescription required. Free shipping on orders over $150. Visit https://canadian-rx-online.net`,
  },
  {
    kind: 'spam',
    category: 'pharmacy',
    name: 'Dr. Alan Brooks',
    email: 'dr.alanbrooks@mailinator.com',
    message: `Hello friend,

Tired of hair loss? Problems in the bedroom? Our clinically proven formula restores hair growth AND male performance in just 14 days. Thousands of satisfied men across the UK.

Order your first pack at 50% off: https://vital-men-formula.com

Unsubscribe: reply STOP`,
  },

  // Spam: data and email lists.
  {
    kind: 'spam',
    category: 'data-lists',
    name: 'Emma Clarke',
    email: 'emma.clarke.data@gmail.com',
    message: `Hi,

Would you be interested in acquiring our UK Business Email List? We have 2.3 million verified contacts of business owners and decision makers across all industries, with name, email, phone number, company, job title and address.

We can also customise the list by industry, location or company size.

Let me know your target audience and I'll send you the counts and pricing.

Regards,
Emma Clarke
Data Specialist

Reply "Not Interested" to opt out.`,
  },
  {
    kind: 'spam',
    category: 'data-lists',
    name: 'Nancy Wright',
    email: 'nancy.wright@example.com',
    message: `Hi,

Would you be interested in acquiring the attendees list of "Small Business Expo London"?

Attendees count: 71,326
Information fields: Name, Company, Title, Email, Phone, Industry, Country

Please let me know if you would like to see the cost and additional details.

Regards,
Nancy Wright
Event Marketing Coordinator`,
  },
  {
    kind: 'spam',
    category: 'data-lists',
    name: 'B2B Leads Database',
    email: 'sales@b2bleads-db.com',
    message: `Get 10,000 targeted B2B leads for just $99! CEOs, founders, marketing managers and IT directors in the UK, US and Europe. Verified emails, 95% deliverability. Instant download in CSV/Excel. https://b2bleads-db.com/buy`,
  },
  {
    kind: 'spam',
    category: 'data-lists',
    name: 'Laura Mitchell',
    email: 'laura.mitchell@10minutemail.com',
    message: `Hello,

I'm following up to see if you'd be interested in a contact list of small businesses who are looking for website design and digital marketing services. This list includes restaurants, dentists, plumbers, salons and real estate agents.

We can provide contacts for your specific region. Please let me know your requirements.

Thanks,
Laura`,
  },
  {
    kind: 'spam',
    category: 'data-lists',
    name: 'LinkedIn Data Pro',
    email: 'data@example.net',
    message: `We scrape LinkedIn for you! Any job title, any industry, any country. Get names, emails, direct dials and company info. 5,000 contacts for $150. Sample available on request. Telegram: https://t.me/linkedin_data_pro`,
  },
  {
    kind: 'spam',
    category: 'data-lists',
    name: 'Shopify Store Owners List',
    email: 'lists@example.org',
    message: `Hi there, we have a fresh list of 180,000 Shopify store owners with emails, phone numbers, revenue estimates and store niche. Perfect for agencies selling web design and apps. Price: $249 for the full list. Reply for a free sample of 100 contacts.`,
  },
  {
    kind: 'spam',
    category: 'data-lists',
    name: 'Sandra Hill',
    email: 'sandra.hill@outlook.com',
    message: `Hello,

We provide healthcare professionals email lists: physicians, dentists, nurses, chiropractors, pharmacists, hospitals and clinics in the UK, USA and Canada. All data is GDPR compliant and verified every 90 days.

Would you like to receive a free sample and a quote?

Kind regards,
Sandra Hill`,
  },
  {
    kind: 'spam',
    category: 'data-lists',
    name: 'Mailing Data',
    email: 'mailingdata@sharklasers.com',
    message: `Email list of 50,000 UK homeowners interested in home improvement - $79. Fresh data, opt-in. Also available: landlords, car owners, pet owners, parents. Order via https://uk-mailing-data.shop`,
  },

  // Spam: fake domain and listing renewals.
  {
    kind: 'spam',
    category: 'fake-renewal',
    train: true,
    name: 'Domain Services',
    email: 'notice@domain-services-notice.com',
    message: `FINAL NOTICE: DOMAIN NAME EXPIRATION

Attention: Website Owner
Domain: forelanddigital.co.uk

Your domain SEARCH ENGINE REGISTRATION is about to expire. Failure to complete your search engine registration by the expiration date may result in the cancellation of this offer, making it difficult for your customers to locate you on the web.

Privacy protection, identity theft protection and search engine submission are included.

Secure online payment: https://domain-services-notice.com/renew?d=forelanddigital.co.uk

ORDER NOW. Amount due: $86.00

This is not a bill. This is a solicitation. You are under no obligation to pay unless you accept this offer.`,
  },
  {
    kind: 'spam',
    category: 'fake-renewal',
    name: 'Jack Liu',
    email: 'jack.liu@example.com',
    message: `(If you are not the person in charge, please forward this to your CEO, because this is urgent. Thanks!)

Dear CEO,

We are a Network Service Company which is the domain name registration center in Shanghai, China. On the 3rd of this month we received an application from Huaxin Holdings Ltd requesting "forelanddigital" as their internet keyword and Chinese domain names (forelanddigital.cn, forelanddigital.com.cn, forelanddigital.asia).

After checking, we found this name conflicts with your company name or trademark. In order to deal with this matter better, it is necessary to send this email to you and confirm whether this company is your business partner in China.

Best Regards,
Jack Liu
Senior Consultant`,
  },
  {
    kind: 'spam',
    category: 'fake-renewal',
    name: 'UK Business Directory',
    email: 'accounts@example.co.uk',
    message: `RENEWAL NOTICE - LISTING REF UKBD-449210

Your entry in the UK Business Directory will expire in 7 days. To keep your business visible to 2 million monthly searchers, renew now for £389 + VAT (annual). If payment is not received your listing will be removed permanently.

Renew online: https://uk-business-directory-renewals.com/pay/449210`,
  },
  {
    kind: 'spam',
    category: 'fake-renewal',
    name: 'Hosting Support Team',
    email: 'support@hostingaccount-verify.com',
    message: `Dear Customer,

Your hosting account has been temporarily suspended due to a failed payment. Your website and email services will be permanently deleted within 24 hours unless you update your billing information.

Update payment now: https://hostingaccount-verify.com/billing/login

We apologise for any inconvenience.

Hosting Support Team`,
  },
  {
    kind: 'spam',
    category: 'fake-renewal',
    name: 'SSL Alert',
    email: 'ssl-alert@yopmail.com',
    message: `WARNING: The SSL certificate for your website expires in 3 days. Visitors will see a "Not Secure" warning and Google will remove your site from search results. Renew your certificate now for $59.99/year: https://ssl-renew-secure.net/renew`,
  },
  {
    kind: 'spam',
    category: 'fake-renewal',
    name: 'Google Business Support',
    email: 'gbp.verification.team@gmail.com',
    message: `Your Google Business Profile has been flagged for suspension due to a policy violation. To avoid permanent removal from Google Maps and Search, you must re-verify your business within 48 hours: https://gbp-verify-center.com/reverify Case ID: 7731-2290-GBP`,
  },
  {
    kind: 'spam',
    category: 'fake-renewal',
    name: 'World Trademark Register',
    email: 'register@example.org',
    message: `Dear Sir/Madam,

TRADEMARK PUBLICATION RENEWAL

Your trademark is due for publication in the World Trademark Register. To ensure continued protection of your brand, please complete and return the enclosed form with payment of €1,390.

Reference: WTR/2291/UK
Due date: within 10 days of this notice

Pay online: https://world-tm-register.org/pay`,
  },
  {
    kind: 'spam',
    category: 'fake-renewal',
    name: 'Accounts Receivable',
    email: 'invoices@example.net',
    message: `Invoice #INV-20931 for "Web Listing & SEO Indexing Services" is now OVERDUE. Amount: £249.00. Please settle today to avoid your website being de-indexed and the debt being passed to our collection agency. View invoice: https://invoice-portal-secure.com/INV-20931`,
  },

  // Spam: messages in another script.
  {
    kind: 'spam',
    category: 'foreign-script',
    name: 'Алексей',
    email: 'seo.top10@example.ru',
    message: `Здравствуйте!

Предлагаем продвижение вашего сайта в ТОП-10 Яндекса и Google. Гарантия результата, оплата только по факту выхода в ТОП. Бесплатный аудит сайта за 1 день.

Пишите в Telegram: https://t.me/seo_top_promo

С уважением, Алексей`,
  },
  {
    kind: 'spam',
    category: 'foreign-script',
    name: 'Прогон сайта',
    email: 'progon@mailinator.com',
    message: `Прогон сайта по 50 000 форумам, блогам и каталогам! Увеличим ИКС и трафик за 2 недели. Вечные ссылки, отчёт после каждого прогона. Цена от 1500 руб. Подробнее: https://progon-xrumer.ru`,
  },
  {
    kind: 'spam',
    category: 'foreign-script',
    name: 'Марина',
    email: 'marina.dohod@yopmail.com',
    message: `Заработок на криптовалюте от 5000 рублей в день без вложений! 💰 Наш бот торгует за вас 24/7, вы только выводите прибыль на карту. Регистрация по ссылке: https://crypto-dohod.site Количество мест ограничено!`,
  },
  {
    kind: 'spam',
    category: 'foreign-script',
    name: 'Казино Удача',
    email: 'bonus@example.ru',
    message: `Казино Удача — бонус 100% на первый депозит и 200 фриспинов! Быстрый вывод на карту за 5 минут, без верификации. Играй сейчас: https://kazino-udacha.win`,
  },
  {
    kind: 'spam',
    category: 'foreign-script',
    name: '李经理',
    email: 'fapiao888@example.cn',
    message: `您好！本公司长期代开各类正规发票：增值税专用发票、普通发票、运输发票、广告发票等，税点低，可先验票后付款。如有需要请联系微信：fp-daikai888 李经理`,
  },
  {
    kind: 'spam',
    category: 'foreign-script',
    name: '王先生',
    email: 'waimao.seo@guerrillamail.com',
    message: `外贸企业专属优惠！谷歌SEO优化 + 海外社媒推广，3个月询盘翻倍，不成功全额退款。

免费获取推广方案：https://waimao-seo.cn/plan

联系人：王先生`,
  },
  {
    kind: 'spam',
    category: 'foreign-script',
    name: '澳門娛樂城',
    email: 'vip@example.com',
    message: `【澳門娛樂城】首存即送100%彩金，百家樂、老虎機、體育投注應有盡有，24小時極速出款！立即註冊：https://macau-yule888.com 客服LINE：@yule888`,
  },
  {
    kind: 'spam',
    category: 'foreign-script',
    name: 'くすり通販',
    email: 'kusuri@example.jp',
    message: `【期間限定】ED治療薬バイアグラ・シアリスを処方箋なしで最安値で通販！日本全国送料無料・匿名配送。今すぐ購入：https://kusuri-tsuhan.shop`,
  },
  {
    kind: 'spam',
    category: 'foreign-script',
    name: '메이저놀이터',
    email: 'toto777@example.kr',
    message: `✅ 안전한 토토사이트 추천 ✅ 첫충 30% 매충 10% 먹튀 없는 메이저놀이터. 가입코드: WIN777 https://toto-major777.com`,
  },

  // Spam: one blast, the same pitch from four addresses.
  {
    kind: 'spam',
    category: 'blast',
    blast: 'b1',
    name: 'Ethan Ross',
    email: 'ethan.ross@example.com',
    message: `Hi Foreland Digital team,

Quick question: would you be open to getting 47 qualified B2B leads per week from LinkedIn, on autopilot?

Our done-for-you outreach system books calls straight into your calendar. Clients typically see a 3x ROI in the first 30 days, or you don't pay.

Reply "YES" and I'll send a free 7-day trial.

Best,
Ethan
https://leadflow-autopilot.com/trial`,
  },
  {
    kind: 'spam',
    category: 'blast',
    blast: 'b1',
    name: 'Chloe Bennett',
    email: 'chloe.bennett@mailinator.com',
    message: `Hi there,

Quick question: would you be open to getting 52 qualified B2B leads per week from LinkedIn, on autopilot?

Our done-for-you outreach system books calls straight into your calendar. Clients typically see a 3x ROI in the first 30 days, or you don't pay.

Reply "YES" and I'll send a free 7-day trial.

Best,
Chloe
https://leadflow-autopilot.com/trial`,
  },
  {
    kind: 'spam',
    category: 'blast',
    blast: 'b1',
    name: 'Noah Price',
    email: 'noah.leadflow@gmail.com',
    message: `Hi Team,

Quick question: would you be open to getting 45 qualified B2B leads per week from LinkedIn, on autopilot?

Our done-for-you outreach system books calls straight into your calendar. Clients typically see a 3x ROI in the first 30 days, or you don't pay.

Reply "YES" and I'll send a free 7-day trial.

Best,
Noah
https://leadflow-autopilot.com/trial`,
  },
  {
    kind: 'spam',
    category: 'blast',
    blast: 'b1',
    name: 'Mia Foster',
    email: 'mia.foster@example.org',
    message: `Hi Foreland,

Quick question: would you be open to getting 50 qualified B2B leads per week from LinkedIn, on autopilot?

Our done-for-you outreach system books calls straight into your calendar. Clients typically see a 4x ROI in the first 30 days, or you don't pay.

Reply "YES" and I'll send a free 7-day trial.

Best,
Mia
https://leadflow-autopilot.com/trial`,
  },
];

/** The training set: every item marked `train` (10 real, 10 spam). */
export const TRAINING: readonly CorpusLead[] = SPAM_CORPUS.filter((lead) => lead.train);

/** The test set: every other item. */
export const TEST_SET: readonly CorpusLead[] = SPAM_CORPUS.filter((lead) => !lead.train);
