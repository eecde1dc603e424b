"""Everyday errors through the whole verifier with the real bundled model (issue 16).

Each phenomenon both ways: the wrong claim is not supported (and the reason names the check
that decided), and a claim that says the same thing in other words is supported. The pairs
are written here, in the spirit of the issue's examples; none comes from crisp.
"""

from __future__ import annotations

import pytest

from citadel.verify import Verifier
from citadel.verify._types import Verdict


@pytest.fixture(scope="module")
def verifier() -> Verifier:
    return Verifier()


WRONG = [
    # (phenomenon, claim, source, words the reason must contain)
    ("period swap", "Staff may claim up to 50 EUR per week for home-office costs.",
     "Staff may claim up to 50 EUR per month for home-office costs.", "number"),
    ("size swap", "Uploads are limited to 20 GB per file.",
     "Uploads are limited to 20 MB per file; larger files are rejected.", "number"),
    ("business days", "Refunds reach your account within five calendar days.",
     "Refunds reach your account within five business days of approval.", "number"),
    ("vague against exact", "Refunds take about a month.",
     "Refunds are processed within five business days.", "number"),
    ("entity swap within one source", "Interns receive 25 days of holiday.",
     "Permanent staff receive 25 days of holiday. Interns, like other temporary staff, receive 10 days.",
     "entity"),
    ("role reversal", "The landlord must give the tenant two months' notice.",
     "The tenant must give the landlord two months' notice before moving out.", "exchanges"),
    ("modality", "Employees must work from home on Fridays.",
     "Employees may work from home on Fridays if their manager agrees.", "modality"),
    ("narrowed scope", "The ticket office accepts only cash.",
     "The ticket office accepts cash, debit cards and credit cards.", "scope"),
    ("negation inside a list subject", "Season tickets can be refunded.",
     "Season tickets and vouchers cannot be refunded.", "opposite"),
    ("antonym", "The museum is closed on Sundays.",
     "The museum is open on Sundays from 10 a.m. to 4 p.m.", "opposite"),
    ("overgeneralisation", "All visitors must register at the gate.",
     "Visitors from outside the EU must register at the gate.", "generalises"),
    ("a true part and an unsupported part", "The chair has a casting vote in the event of a tie "
     "and can also veto any resolution.", "The chair has a casting vote in the event of a tie.",
     "'can also veto any resolution'"),
]

#: a table written out as records, several on one line (how tables reach the verifier from
#: converted documents and from LLM answers alike)
GYM = ("Membership: Off-peak; Monthly fee: £19; Classes: not included; Sauna: not included; Guest passes: 0. "
       "Membership: Standard; Monthly fee: £29; Classes: included; Sauna: not included; Guest passes: 2. "
       "Membership: Unlimited; Monthly fee: £45; Classes: included; Sauna: included; Guest passes: 6.")
WRONG += [
    ("a yes/no cell read the other way", "The Standard membership does not include classes.", GYM, "table"),
    ("a yes/no cell of another row", "The Off-peak membership includes classes.", GYM, "table"),
    ("a value from another row", "Standard members get 6 guest passes.", GYM, "another row"),
    ("a period the header names", "The Unlimited membership costs £45 per year.", GYM, "number mismatch"),
    ("a comparison two rows contradict", "The Off-peak membership costs more than the Standard one.", GYM,
     "comparison"),
    ("a negated comparison two rows contradict", "The Unlimited membership is not dearer than the Standard one.",
     GYM, "comparison"),
    ("a count rounded into a percentage", "The trial enrolled 4 patients per site.",
     "The trial enrolled 412 adults at 30 sites; 4.4% withdrew.", "number"),
    # a negation on another word of the claim: one negation on each side, counts agree
    ("a denied act affirmed beside another negation", "Tickets will be refunded to fans who cannot attend.",
     "Fans who cannot attend may give their ticket to a friend; tickets will not be refunded.",
     "negation: the claim affirms 'refunded'"),
    ("an affirmed act denied beside another negation", "Members who have not paid do not receive "
     "the newsletter.", "The newsletter is printed each quarter; members receive the newsletter by post, "
     "whether or not they have paid.", "negation: the claim denies 'receive'"),
    ("a value said of something else", "Tenants must give two weeks' notice before moving out.",
     "Tenants must give two months' notice before moving out. Deposits are returned within two weeks.",
     "number mismatch"),
    ("a rounded value too far off", "Add 2 teaspoons of salt to the dough.",
     "Add 1.5 teaspoons of salt to the dough and knead for ten minutes.", "number not in source"),
    ("a small count made up by adding", "Each player draws five cards, and the dealer then deals ten more.",
     "Each player draws five cards, and the dealer then deals five more.", "number"),
    ("a condition lifted", "A cleaning fee of $30 is charged whenever a room is booked.",
     "A cleaning fee of $30 is charged if a room is booked for more than three nights.", "generalises"),
    ("a restricted group widened", "Everyone who works here can join the pension scheme.",
     "Only staff on permanent contracts can join the pension scheme.", "generalises"),
    ("an attribute moved to another subject", "Gift cards are valid for three years from the date of issue.",
     "Store credit is valid for three years from the date of issue. Gift cards expire after twelve months.",
     "entity"),
    ("before for after", "Sign the form before the meeting with your adviser.",
     "Bring your passport to the meeting; sign the form only after the meeting with your adviser.", "order"),
    ("two dated events put in the other order", "The bridge opened before the tunnel was completed.",
     "The tunnel was completed in March 1998, and the bridge opened in June 2001.", "order"),
    ("a comparison turned around", "The red line is faster than the blue line.",
     "The blue line runs every ten minutes. The red line is slower, with more stops.", "comparison"),
    ("a superlative against a comparison", "Lisbon is not as big as Porto.",
     "Lisbon is Portugal's largest city, followed by Porto.", "comparison"),
    ("a hedged quantifier made universal", "Refunds are not offered for any course.",
     "Refunds are not offered for most courses once they have started.", "generalises"),
    ("an opposite in one part of the claim", "The new API is stable and documented in the handbook.",
     "The new API is experimental and may change without notice.", "opposite"),
    ("a permission for a prohibition, reworded", "You are allowed to park a caravan on the drive.",
     "Parking caravans on the drive is prohibited under the lease.", "forbids"),
    ("a time of day said otherwise", "The car park closes at 11 p.m.",
     "The car park is open from 6 a.m. to 22:00 every day.", "number mismatch"),
    ("without an event the source requires first", "Prices change without a notice to members.",
     "Prices change only after a notice to members is published.", "order"),
    ("a denied act affirmed as a noun", "The printing press was Gutenberg's own invention.",
     "Gutenberg did not invent the printing press; he improved presses already in use.", "negation"),
    ("a setting switched the other way", "The new release ships with telemetry switched off.",
     "From the new release on, telemetry is turned on by default; administrators can change it.", "opposite"),
    ("a time limit lifted", "Any refund request is accepted, however long after the purchase it comes.",
     "A refund request is accepted within 30 days of the purchase.", "generalises"),
    ("a true part and an invented one", "The bridge was opened in 1932 and was designed by Gustave Lemaire.",
     "The bridge opened in 1932. It carries six lanes of traffic and a railway line.", "atomic parts"),
    ("a ranked list read the other way", "Gold is more common than silver.",
     "The medals, from most to least common, are bronze, silver and gold.", "comparison"),
    ("an alternative the source does not give", "Parking permits can be bought online or at the town hall.",
     "Parking permits cost £40 a year and can be bought online.", "addition"),
    ("an alternative to the only thing allowed", "Tap water may be used instead of distilled water.",
     "Fill the tank with distilled water only; tap water leaves scale in the boiler.", "scope"),
    ("two phrases exchanged", "The night train runs from the coast to the capital.",
     "The night train runs from the capital to the coast every Friday.", "exchanges"),
    ("two names exchanged around the verb", "Judge Marlow appointed the young lawyer Pereira in 1961.",
     "In 1961 the young lawyer Pereira appointed Judge Marlow as his clerk.", "exchanges"),
    # comparisons that the source's amounts decide, though it compares nothing itself
    ("a frequency compared the wrong way", "The filter needs cleaning more often in spring than in autumn.",
     "Clean the filter every three weeks in spring and once a week in autumn.", "comparison"),
    ("a duration compared the wrong way", "The ferry crossing is not as long as the bus journey.",
     "The bus journey takes about 40 minutes. The ferry crossing takes an hour and 20 minutes.",
     "comparison"),
    ("a time said of the other day", "The pharmacy opens at 9 a.m. on Saturdays.",
     "The pharmacy opens at 9 a.m. on weekdays and at 10 a.m. on Saturdays.", "said of something else"),
    ("covered where the source excludes", "The policy covers flood damage.",
     "The policy excludes flood damage and subsidence.", "opposite"),
    ("allowed where the source bans", "E-scooters are allowed on the promenade.",
     "E-scooters are banned on the promenade from May to September.", "opposite"),
    ("a bound in words against a longer one", "Deposits are returned within a week.",
     "Deposits are returned within 30 days of the end of the tenancy.", "number"),
    ("without where the source says only with", "The hotel accepts pets without a health certificate.",
     "The hotel accepts pets only with a health certificate.", "opposite"),
    ("a condition left out", "Tenants can sublet their flat.",
     "Tenants can sublet their flat only if the landlord agrees in writing.", "condition"),
    ("an exception left out", "All branches open on Saturdays.",
     "All branches except the airport branch open on Saturdays.", "condition"),
    ("a permission that needs approval, stated without it", "Staff can travel business class.",
     "Staff can travel business class with their director's approval.", "condition"),
    ("the exception said to follow the rule", "The airport branch opens on Saturdays.",
     "All branches except the airport branch open on Saturdays.", "exception"),
    ("for any reason where the source states one", "Bookings can be cancelled for any reason.",
     "Bookings can be cancelled if the event is postponed.", "generalises"),
    ("still where the source says no longer", "The old bus pass is still valid.",
     "The old bus pass is no longer valid.", "negation"),
    ("a share of the group overstated", "Most applicants were accepted.",
     "Only a quarter of the applicants were accepted this year.", "shares of one group"),
    ("all for a share", "All flats have a parking space.", "70% of the flats have a parking space.",
     "shares of one group"),
    ("a value of the other thing, in a short claim", "The bus to Leeds leaves from stop 4.",
     "Buses to Leeds leave from stop 3; buses to York leave from stop 4.", "said of something else"),
    ("a period a few words after the amount", "The card pays 2% cashback per week.",
     "The card pays 2% cashback per month on all purchases.", "number"),
    ("weekend where the source says weekdays", "Under-16s swim free at weekends.",
     "Under-16s swim free on weekdays before 5 p.m.", "opposite"),
    ("an interval for another frequency word", "The newsletter is sent every two months.",
     "The newsletter is sent quarterly to all members.", "how often"),
    ("one item of a list the source denies", "The gym membership includes the pool and the sauna.",
     "The gym membership includes the pool. The sauna is not included.", "negation"),
    ("free where the source gives a price", "Guests can use the safe for free.",
     "Guests can use the safe for 3 EUR a night.", "price"),
    ("oral where the source says written", "The course ends with an oral exam.",
     "The course ends with a written exam in June.", "opposite"),
    ("a frequency swap", "The paper bins are emptied weekly.",
     "The paper bins are emptied monthly, and the glass bins every two weeks.", "how often"),
    ("two frequencies moved between their cases", "Water the lawn every day, or every three days after rain.",
     "Water the lawn every three days, or daily during a heatwave.", "how often"),
    ("a bound said to be reached", "Guests must stay the full 14 nights to get the discount.",
     "The discount applies to stays of up to 14 nights booked directly with the hotel.", "bound"),
    ("a case the source limits it to, dropped", "Bottles with a dented neck are not accepted.",
     "Bottles with a dented neck are not accepted at the automatic machines, but they are accepted at the "
     "service desk.", "scope"),
    ("a price compared the wrong way", "The adult pass is cheaper than the family pass.",
     "An adult pass costs £25, while a family pass costs £22 on weekdays.", "comparison"),
    # twenty-second session: probe pairs written before the fixes, then these in other words
    ("a bound of another sentence", "Participants must rest for 6 hours before the scan.",
     "Participants should not eat for 4 hours before the scan. Images are reviewed within two working days.",
     "number"),
    ("a closing time inside the opening hours", "The pool closes at 7 p.m. on Sundays.",
     "The pool is open from 6 a.m. to 9 p.m. on weekdays and from 8 a.m. to 5 p.m. on Sundays.", "number"),
    ("the value of a thing the claim does not name", "Retired members pay 40 EUR a year.",
     "The annual membership costs 40 EUR a year. Retired members and students pay 25 EUR a year.",
     "said of something else"),
    ("a value said of both", "Both tents weigh 2 kg.",
     "The Trek tent weighs 2 kg, while the Summit tent weighs 3.5 kg. Both pack down to the size of a bottle.",
     "said of both"),
    ("a count of the other plan", "The starter kit is for up to four players.",
     "The starter kit contains one deck and is for a single player. The party kit is for up to four players.",
     "a single player"),
    ("fewer, the amounts the other way", "Fewer cyclists than drivers were fined last year.",
     "Last year 420 drivers were fined, compared with 610 cyclists.", "comparison"),
    ("labelled models compared the wrong way", "Tablet B lasts longer than Tablet A on one charge.",
     "On one charge, Tablet A lasts 11 hours and Tablet B lasts 8 hours.", "comparison"),
    ("allowed where the source forbids", "Visitors may use flash in the gallery.",
     "Flash must not be used in the gallery. The cafe is on the ground floor.", "the claim allows"),
    ("forbidden where the source allows", "Pets may not stay in the apartment.",
     "Pets are allowed in the apartment for a fee of 10 EUR a night. Smoking is not permitted.",
     "the claim forbids"),
    ("charged where the source says free", "The library charges members for borrowing e-books.",
     "Members borrow e-books free of charge. Printing costs 10 cents a page.", "price"),
    ("and so, where the source says equal", "Headaches were rarer with the new drug, and so was dizziness.",
     "Headaches were rarer with the new drug than with the old one. Dizziness was equally common with both "
     "drugs.", "do not differ"),
    ("a difference where the source says similar", "Fatigue was lower in the treatment group.",
     "Pain was lower in the treatment group than in the control group. Fatigue was similar in both groups.",
     "do not differ"),
    ("done where the source says it refuses", "By default, the installer replaces existing settings.",
     "By default, the installer refuses to replace existing settings. Use the --reset option to start "
     "afresh.", "negation"),
    ("a list item allowed where its own sentence forbids it", "Gift cards can be exchanged within 14 days.",
     "Goods can be exchanged within 14 days of purchase. Gift cards cannot be exchanged.", "negation"),
    ("opening hours added up wrong", "The pharmacy is open for twelve hours on Saturdays.",
     "On Saturdays the pharmacy opens at 9 a.m. and closes at 5 p.m.", "number"),
    ("an age bound of the group dropped", "Students get a 20% discount on bus passes.",
     "Students under 25 get a 20% discount on bus passes. Others pay the full fare.", "under 25"),
    ("a relative clause on the object dropped", "The council collects garden waste from every house.",
     "The council collects garden waste from every house that has paid the annual fee. Food waste is "
     "collected weekly.", "that has paid"),
    ("a permission without the condition a ban sets", "Members may bring guests without signing them in.",
     "Members must not bring guests without signing them in at the desk.", "negation"),
    ("done without what the source requires", "Visitors can enter the lab without a badge.",
     "Visitors must wear a badge in the lab at all times. Staff badges are blue.", "requires"),
    ("everyone, where the source names who", "Everyone in the club gets a free shirt.",
     "The club has forty members. A free shirt is given to those who play in the first team.",
     "generalises"),
    ("a change where the source found none", "The new fertiliser increased both tomato and pepper yields.",
     "In the trial, the new fertiliser increased tomato yields by 12%. No significant difference was found "
     "in pepper yields.", "do not differ"),
    ("a restriction of the subject dropped", "Residents can park on Elm Street overnight.",
     "Residents who hold a permit can park on Elm Street overnight. Visitors may park there until 6 p.m.",
     "who hold a permit"),
    # twenty-third session: found by a fresh probe set, written before the fixes
    ("closed, said of it through a pronoun", "The bakery is open on Mondays.",
     "From Tuesday to Saturday the bakery is open from 7 a.m. to 1 p.m. It is closed on Mondays.", "opposite"),
    ("a period written 'for each'", "Volunteers earn 2 free tickets per week.",
     "Volunteers earn 2 free tickets for each month of service.", "number"),
    ("a negation in the clause the claim restates", "Some of the guest rooms have a balcony.",
     "None of the guest rooms has a balcony; guests can use the roof terrace instead.", "negation"),
    ("the value of the statement about the other party", "The employer must give the employee one month's notice.",
     "The employee must give the employer one month's notice of resignation. The employer must give the "
     "employee three months' notice of dismissal.", "entity"),
    ("closing at a time inside the hours", "On Fridays the library shuts at 4 in the afternoon.",
     "On Fridays the library is open from 9 a.m. to 6 p.m.", "number"),
    ("a period of several weeks", "The magazine costs 5 pounds a week.",
     "The magazine costs 5 pounds every four weeks, delivered to your door.", "number"),
    ("a start date said as the end", "The exhibition ends on 1 March.",
     "The exhibition starts on 1 March and runs until 30 June.", "opposite"),
    ("support dropped, said without a negation word", "The new release supports Python 3.7.",
     "The new release drops support for Python 3.7 and 3.8; Python 3.9 or later is required.", "negation"),
    ("a few hours against days", "Deliveries usually arrive within a few hours.",
     "Deliveries usually arrive within two to four working days.", "number"),
    ("going on where it stops", "The old tickets will keep working after 1 May.",
     "From 1 May the old tickets will stop working.", "opposite"),
    ("the other side of a distance bound", "Members who live less than ten miles away get a travel allowance.",
     "A travel allowance is paid to members who live more than ten miles away.", "the other side"),
    ("a restriction said with 'only' at the end, dropped", "Guests can use the rooftop pool.",
     "Guests can use the rooftop pool in the summer months only. The indoor pool is open all year.", "scope"),
    ("a duty where the source says optional", "Participants must bring their own helmet.",
     "Bikes are provided for all participants. Bringing your own helmet is optional.", "modality"),
    ("a converse with the roles kept", "The gallery borrows the paintings from the museum.",
     "The gallery lends the paintings to the museum for the exhibition.", "opposite"),
    ("a bound the range does not reach", "Shipping abroad takes up to five working days.",
     "Shipping abroad takes five to ten working days, depending on the country.", "number"),
    ("a value beside 'and a half' hours", "A 30-minute break follows two and a half hours of teaching.",
     "A 20-minute break follows two and a half hours of teaching.", "number"),
    ("a duty where the source only advises", "Hikers must carry a map.",
     "Hikers are advised to carry a map and a whistle.", "modality"),
    # twenty-fourth session: a share said in words, ages, duties left to choice, passive roles,
    # "any" with a singular noun
    ("share said in words", "Members pay a third of the normal rate for the sauna.",
     "Members pay half the normal rate for the sauna; guests pay the full rate.", "number"),
    ("age against duration", "Drivers must be aged 20 or over.",
     "Drivers must be aged 25 or over and have held a licence for at least two years.", "number"),
    ("duty left to choice", "Visitors can wear a hard hat on the site if they want to.",
     "All visitors must wear a hard hat on the site. Safety boots are provided at the gate.", "modality"),
    ("passive roles reversed", "The committee is appointed by the club members.",
     "The club members are appointed by the committee each spring.", "exchanges"),
    ("any with a singular noun", "Parcels can be collected from any post office.",
     "Parcels can be collected from the post office named on the card for seven days.", "scope"),
    ("a denial on the topic of the sentence before", "Late bookings for the trip are accepted.",
     "Bookings for the trip close on Friday. Late ones are not accepted.", "negation"),
    ("counted per another thing", "The plan refunds up to 200 EUR of repairs per year.",
     "The plan refunds up to 200 EUR of repairs per claim, with no more than three claims a year.", "number"),
    ("values of a clause with its verb left out, swapped", "Visitors pay 4 EUR a session.",
     "Visitors pay 9 EUR a session and members 4 EUR. A session lasts an hour.", "entity"),
    ("kept where the source drops it", "The new release keeps support for 32-bit systems.",
     "The new release drops support for 32-bit systems and adds an ARM build.", "negation"),
    ("before where the source says after", "Passengers must check in 45 minutes before departure.",
     "Online check-in opens 24 hours before departure. Bags must be dropped off no later than 45 minutes "
     "after the counter opens.", "number"),
    ("a joined fact the source lacks", "Lockers cost 2 EUR and towels are sold at the kiosk.",
     "Lockers cost 2 EUR, refunded when you return the key. The kiosk is next to the exit.", "addition"),
    ("a restricting phrase of the subject dropped", "Employees can work from home on Fridays.",
     "Employees with a signed remote-work agreement can work from home on Fridays.", "scope"),
    ("denied for this thing, affirmed for another", "The plan covers dental treatment.",
     "The plan covers hospital stays and prescriptions. Dental treatment and glasses are not covered.",
     "negation"),
    ("a time outside the one span of the day", "You can collect your order at 8 p.m.",
     "Orders can be picked up between 10 a.m. and 6 p.m.", "number"),
    ("a denial with 'there is no'", "The workshop ends with a practical test.",
     "The workshop lasts two days. Participants get a certificate; there is no practical test.", "negation"),
    ("how often, said as an adjective", "The club holds 6 monthly meetings.",
     "The club holds 6 weekly meetings in spring. Members pay 20 EUR a year.", "number"),
    ("a bound of another thing in the sentence", "The kettle boils a litre in 6 minutes.",
     "The kettle holds up to 1.7 litres and boils a litre in 3 minutes.", "number"),
    ("a predicate moved between two clauses", "The buyer pays the agent's commission.",
     "The seller pays the agent's commission and the buyer pays the land registry fee.", "entity"),
    ("a bare hour the source does not give", "The library opens at 10 on Sundays.",
     "On Sundays the library is open from 9 a.m. to 1 p.m.", "number"),
    ("an end of day inside the source's bound", "The car park is closed for cleaning until 7 a.m. on Sundays.",
     "The car park is closed for cleaning on Sunday mornings until 9 a.m.", "number"),
    ("a period after a hyphenated noun", "The plan pays for three eye-tests per month.",
     "The plan pays for three eye-tests per year and half the cost of glasses.", "number"),
    ("a bound said of another subject", "Tyre changes take 3 hours.",
     "Tyre changes are done while you wait, in about 40 minutes. Engine repairs take up to 5 hours.", "number"),
    ("a particle turned", "Residents must hand in their parking permit when they move in.",
     "Residents must hand in their parking permit when they move out.", "opposite"),
    ("once a quarter against once a month", "The newsletter is sent once a month.",
     "The newsletter is sent once a quarter to all members.", "how often"),
    ("values with their qualifiers after them, swapped", "A coffee costs 3.50 EUR to take away.",
     "A coffee costs 2.80 EUR to take away and 3.50 EUR at the table.", "entity"),
    ("kept where the source says returned", "Library cards may be kept after the course ends.",
     "Library cards must be returned after the course ends. Lost cards cost 5 EUR.", "opposite"),
    ("two bounds said in words", "Rooms must be booked at least a week ahead.",
     "Rooms must be booked at least a month ahead. Cancellations are free until 48 hours before.", "number"),
    ("date of another statement", "The reduced fee is available until 15 May.",
     "Registration closes on 15 May. The reduced fee is available until 30 April.", "number"),
    ("a subject denied by neither", "The deluxe room includes breakfast.",
     "The standard room has a balcony and the deluxe room has a sea view. Neither room includes breakfast.",
     "negation"),
    ("a subject denied by no, without an auxiliary", "Sale items qualify for a refund.",
     "No sale item qualifies for a refund. Other items can be returned within 30 days.", "negation"),
    ("a comparison said with a verb and more", "Evening classes are cheaper than morning classes.",
     "Evening classes cost 5 EUR more than morning classes.", "comparison"),
    ("more expensive turned", "The ferry is less expensive than the bus.",
     "The ferry is more expensive than the bus, but it is faster.", "comparison"),
    ("more of a mass noun, amounts the other way", "The laptop has more memory than the desktop.",
     "The laptop comes with 8 GB of memory. The desktop ships with 32 GB of memory.", "comparison"),
    ("a day of the weekend only said of something else", "Deliveries are accepted on Sundays.",
     "Deliveries are accepted on weekdays only. The office is open at weekends.", "names"),
    ("a restriction after only and the verb, dropped", "Guests are allowed to bring dogs.",
     "Dogs are only allowed in the garden rooms.", "scope"),
    ("the other side of a bound, said alike", "Families with children over three get a free pass.",
     "Families with children under three get a free pass. Everyone else pays 8 EUR.", "number mismatch"),
    ("an age past a range in two units", "A twelve-year-old can join the club.",
     "The club is open to children from eighteen months to ten years old.", "number"),
    ("support the source takes away", "The plugin still supports Windows 7.",
     "Release 3.0 drops support for Windows 7 and adds a dark theme.", "negation"),
    ("all year round for part of the year", "The ferry runs every hour all year round.",
     "The ferry runs every hour, but only from April to October.", "scope"),
    ("two times of day exchanged", "The pool opens at 8 p.m. and closes at 7 a.m.",
     "The pool opens at 7 a.m. and closes at 8 p.m.", "exchanges"),
    ("a restriction after the noun, of an amount or more", "Free delivery applies to all orders.",
     "Free delivery applies to orders of 40 EUR or more.", "scope"),
    ("one clause's place given to the other's subject", "Cans are put in the green bin.",
     "Cans are put in the yellow bin, and paper is put in the green bin.", "entity"),
    ("one day of each month said as every such day", "The library opens late on Thursdays.",
     "The library opens late on the last Thursday of each month.", "scope"),
    ("a position read as an amount", "The lease runs for 12 months.",
     "The lease runs for 36 months and can be ended after the first year.", "number"),
    ("another position", "A fee is charged after the eighth day.", "A fee is charged after the third day.",
     "number"),
    ("a written approval left out", "Staff may work abroad.",
     "Staff may work abroad only with their manager's written approval.", "scope"),
    ("a duty named by 'one' in its own clause", "Day passes can be bought without a passport.",
     "A passport is not needed for a single ticket, but day passes require one.", "negation"),
    ("a comparative restriction of the subject dropped", "Uploads are charged 2 EUR.",
     "Uploads larger than 5 GB are charged 2 EUR. Smaller ones are free.", "scope"),
    ("a 'when' condition dropped", "Staff may book first class.",
     "Staff may book first class when travelling overnight. Otherwise they travel standard class.", "scope"),
    ("a two-word claim against the sentence about its thing", "Whitening is included.",
     "The dental plan includes scaling. Cosmetic work such as whitening is not included.", "negation"),
    ("a time counted from another, miscounted", "The ferry arrives at 2 p.m.",
     "The ferry leaves at 9 a.m. and arrives four hours after departure.", "number"),
    ("a condition with a relative clause after it, dropped", "Theft is covered by the policy.",
     "Theft is covered only if you buy the Secure add-on, which costs 30 EUR a year.", "scope"),
    ("an age outside the condition", "A 17-year-old swimmer needs an adult in the pool.",
     "Swimmers under 16 need an adult in the pool. Lanes are for adults only after 7 p.m.", "outside the source's bound"),
    ("full-time for part-time", "Part-time staff may carry over five days.",
     "Full-time staff may carry over five days. Interns may carry over none.", "opposite"),
    ("free where the source charges in full", "Late cancellations are free.",
     "Late cancellations are charged in full. Early ones are free.", "aligned sentence"),
    ("the rule's value said of the exception", "A tenant who moves abroad needs to give two months' notice.",
     "Tenants must give two months' notice, except when moving abroad, in which case one month is enough.",
     "exception"),
    ("a price per year said per month", "The season ticket costs 40 EUR a month.",
     "The annual season ticket costs 40 EUR. Single tickets cost 3 EUR.", "number"),
    ("only, where the source says at any time", "Members may cancel only online.",
     "Members may cancel at any time. Refunds take five days.", "scope"),
    ("a monthly amount said per week", "The grant pays 400 EUR a week.",
     "The grant pays a monthly allowance of 400 EUR for a year.", "number"),
    ("the second thing of a denied list", "The depot accepts oil.",
     "The depot accepts wood and metal, but not paint or oil.", "negation"),
    ("what a sibling of the subject gets", "The Silver card includes travel insurance.",
     "The Silver card includes one free lounge visit a year. The Gold card adds travel insurance and a higher "
     "spending limit.", "entity"),
    ("a part said of a sibling", "The `--fast` mode skips the checksum test and is the default.",
     "The `--safe` mode runs every test and is the default when no mode is given. The `--fast` mode skips the "
     "checksum test as it is slow.", "entity"),
    ("a pronoun's sentence says the contrary", "The pharmacy is open on bank holidays.",
     "The pharmacy opens at 9 a.m. on weekdays and at 10 a.m. on Saturdays. It is closed on Sundays and "
     "bank holidays.", "aligned sentence"),
    ("whose design, reversed", "Karl Benz refined Gottlieb Daimler's first engine.",
     "Gottlieb Daimler did not build the first car; he refined Karl Benz's first engine for use in boats.",
     "aligned sentence"),
    ("a version of another name", "The app needs Android 9 or later.",
     "The app runs on iOS 15 and 16 and on Android 11 or later. Version 9 of the app was the last for tablets.",
     "number"),
    ("a bound in the subject names a class", "Parcels heavier than 10 kg cost 12 EUR to send.",
     "Parcels heavier than 20 kg cost 12 EUR to send.", "number"),
    ("another actor, said in the passive", "Expense claims must be signed off by the finance team.",
     "Staff submit expense claims through the portal. Expense claims must be signed off by the line manager, "
     "who forwards them to the finance team.", "aligned sentence"),
    ("the actor and the one acted on, reversed", "The coach selects the captain's starting line-up.",
     "The captain selects the starting line-up on match days and the coach approves it.", "aligned sentence"),
    ("what a time is counted from, changed", "Damage must be reported within 48 hours of moving in.",
     "Tenants receive the keys on the first day of the lease. Damage must be reported within 48 hours of "
     "noticing it.", "aligned sentence"),
    ("another weekday", "The library van visits the village on Tuesday.",
     "The library van visits the village on Thursday mornings. On Tuesdays it goes to the hospital.",
     "aligned sentence"),
    ("a ban in a clause of its own", "Dogs are allowed in the dining room.",
     "Dogs are allowed on the terrace, but they are not allowed in the dining room.", "negation"),
    ("a ban against 'allows'", "The hostel allows pets in the dormitories.",
     "Pets are welcome in private rooms. Pets are not permitted in the dormitories.", "negation"),
    ("a vague count against a stated one", "The storm left hundreds of homes without power.",
     "The storm left more than 40,000 homes without power for two days.", "number"),
    ("a condition's bound left out", "Customers can get their deposit back for a cancelled booking.",
     "If the hotel cancels your booking less than 7 days before arrival, you can claim your deposit back "
     "or a free night.", "condition"),
    ("who acts in a condition, reversed", "If the guest cancels the booking, the hotel keeps the deposit.",
     "If the hotel cancels the booking, the guest keeps the deposit and gets a voucher.", "aligned sentence"),
    ("an upper bound read as no lower one", "Hand luggage may weigh 12 kg.",
     "Hand luggage must weigh no more than 7 kg and fit under the seat.", "number"),
    ("'each' of another clause announces no sum", "A child ticket costs 6 EUR each way and allows 25 kg of luggage.",
     "An adult ticket costs 12 EUR each way and allows 20 kg of luggage. A child ticket costs 6 EUR each way and "
     "allows 5 kg of luggage.", "number"),
    ("who acts in one part of the claim", "Volunteers will count the ballots and tell the council officials "
     "the result.",
     "Polls close at 10 p.m. Council officials will count the ballots; the returning officer then announces "
     "the result.", "aligned sentence"),
    ("another of the listed things, in apposition", "Stromboli, the busiest of the islands, has a ferry "
     "every hour.",
     "The archipelago has three inhabited islands: Lipari, Stromboli and Salina. Lipari, the busiest, has a "
     "ferry every hour.", "aligned sentence"),
    ("what the source says is not done", "The cleanup command deletes the old backups.",
     "The cleanup command moves the old backups to an archive folder instead of deleting them.", "negation"),
    ("another part of the day", "Water the seedlings at midday.",
     "Water the seedlings in the evening, when the sun is low. Feed them once a week.", "aligned sentence"),
    ("after a period for during it", "After the trial, users can cancel at any time without a fee.",
     "During the trial, users can cancel at any time without a fee; afterwards the plan runs for a year.",
     "aligned sentence"),
    ("a duty said with 'responsible for'", "The school must insure the pupils' instruments.",
     "The school insures the building and its own pianos. Parents are responsible for insuring their children's "
     "instruments.", "aligned sentence"),
    ("the middle of a scale", "Bake the cake in a hot oven.",
     "Bake the cake in a medium oven for 40 minutes, then leave it to cool.", "aligned sentence"),
    ("an item the list does not name", "The recycling centre also takes car tyres.",
     "The recycling centre takes glass, paper, garden waste and old furniture. It is closed on Mondays.",
     "aligned sentence"),
    ("the group a price is for, left out", "Gym membership is half price.",
     "Gym membership is half price for students with a valid card. Everyone else pays 40 EUR a month.", "scope"),
    ("another place, its time left out", "Lost property can be collected from the ticket office.",
     "Lost items are kept at the ticket office for a week. Lost property can be collected from the police station "
     "at 10 a.m.", "aligned sentence"),
    # twenty-seventh session (fresh probe set p39 and the phenomena of p38)
    ("a swap with names the source gives elsewhere", "Leipzig and Dresden received most of the funding.",
     "The programme was run from offices in Leipzig and Dresden. Saxony and Thuringia received most of the "
     "funding.", "aligned sentence"),
    ("'no longer' against 'still'", "Old API keys no longer work after the upgrade.",
     "After the upgrade, old API keys still work, but new keys are recommended.", "negation"),
    ("a count of its own noun, not the topic sentence's", "A basketball game is divided into five quarters.",
     "In basketball, each team has five players on the court. A game is divided into four quarters.",
     "number mismatch"),
    ("a denied verb said with another verb", "Garden waste is picked up together with household rubbish.",
     "Garden waste is not collected with household rubbish; take it to the green waste site.", "negation"),
    ("who supplies, after 'such as'", "Workers must supply their own ladders to the site manager.",
     "Tools such as ladders are supplied by the site manager on request.", "exchanges"),
    ("a value of a statement that leaves its period to the one before", "New loans carry 4.5% interest per year.",
     "Loans taken out before 2024 carry 4.5% interest per year. New loans carry 5.2%.", "number mismatch"),
    ("before and after one event, said with other verbs", "Add the herbs before the pan goes on the heat.",
     "Add the herbs only after the pan comes off the heat.", "order"),
    ("a share turned into more", "The new boiler uses more gas than the old one.",
     "The new boiler uses about 70% of the gas the old one needed.", "comparison"),
    ("a volume in centilitres for millilitres", "Add 50 cl of stock.", "Add 50 ml of stock and simmer for ten minutes.",
     "number mismatch"),
    ("removing where the source keeps", "The archive tool removes the original files after packing.",
     "The archive tool keeps the original files after packing unless --purge is given.", "opposite"),
    ("slow for fast", "The new index makes searches about three times as slow.",
     "The new index makes searches about three times as fast. It takes 2 GB of disk space.", "opposite"),
    ("the group a 'non-' leaves out", "Residents pay 4 EUR for a parking permit.",
     "Non-residents pay 4 EUR for a parking permit. The permit is valid for one day.", "opposite"),
    ("a group left out of a clause a semicolon sets apart", "Parking is free on Sundays.",
     "Parking is free on Sundays for cardholders; others pay 2 EUR an hour.", "scope"),
    ("a rank given to the first", "Lake Baikal is the second deepest lake in the world.",
     "Lake Baikal is the deepest lake in the world, at 1,642 metres. It lies in Siberia.", "comparison"),
    ("two acts ordered by 'then', turned", "Rinse the rice after cooking it.",
     "Rinse the rice twice, then cook it for 12 minutes.", "order"),
    ("a share of another group", "About 80% of teachers support the change.",
     "About 80% of parents support the change, according to the survey.", "number mismatch"),
    ("a comparison of amounts one clause leaves its verb out of", "Rye bread has more fibre than wholemeal bread.",
     "White bread has about 2.5 grams of fibre per slice, wholemeal about 6 grams. Rye bread has roughly 4 grams.",
     "comparison"),
    ("'without limit' where the source sets a maximum", "Members can borrow books without limit.",
     "Members can borrow up to 12 books at a time. Loans last three weeks.", "scope"),
    ("the day before for the following day",
     "If the market day is a public holiday, the market is held on the Friday before.",
     "If the market day falls on a public holiday, the market is held on the following Friday.", "opposite"),
    ("a name from the source's next sentence, in a long one", "The telephone was patented by Thomas Watson in 1876.",
     "The telephone was patented by Alexander Graham Bell in 1876 in the United States. His assistant was "
     "Thomas Watson.", "aligned sentence"),
    ("every other weekday for every one", "The library van comes every other Monday.",
     "The library van comes every Monday at 10 a.m. It parks by the church.", "how often"),
    ("a lower bound in a condition, lowered", "A refund is given for delays longer than 30 minutes.",
     "If you are delayed, keep your ticket. For delays longer than 60 minutes, a refund is given. Compensation "
     "starts from the third hour.", "number mismatch"),
    ("an imperative ban on 'it'", "The vaccine may be frozen.", "Keep the vaccine in a fridge. Do not freeze it.",
     "allows what the source forbids"),
    ("one of many where the source says the only one", "The clinic is one of many walk-in centres in the town.",
     "The clinic opened in 2019. It is the only walk-in centre in the town.", "comparison"),
    ("a proof the source requires, left out", "Refunds are given within 14 days of purchase.",
     "Refunds are given within 14 days of purchase with proof of payment. Sale items are excluded.", "scope"),
    ("a duty before the act, left out", "Members can bring guests.",
     "Members who want to bring guests must register them at reception first. Guests pay 5 EUR.", "scope"),
    ("a condition put first, a name swapped", "If the form is late, the school charges a fee.",
     "The office charges a fee if the form is late. The school sends a reminder.", "aligned sentence"),
    ("a sum that 'per' does not announce", "The car park charges at most 12 EUR per day.",
     "The car park charges 1.50 EUR per hour, up to a maximum of 9 EUR per day. Parking overnight costs a flat 3 EUR.",
     "number mismatch"),
    ("minutes of cooking against days of keeping", "Boil the pasta for 3 to 4 minutes.",
     "Boil the pasta for 10 to 12 minutes. Cooked pasta keeps in the fridge for up to three days.", "number mismatch"),
    ("'as often as you like' against a count", "Tickets can be changed as often as you like.",
     "Tickets can be changed twice before departure, for a fee of 10 EUR.", "scope"),
    ("the last of two acts, its condition left out", "Bikes can be returned to any station.",
     "Bikes can be hired for up to 24 hours and returned to any station, if it has a free dock.", "scope"),
    ("a month given with another year", "The treaty was signed in March 1921.",
     "Talks began in 1921 and the treaty was signed in March 1922.", "number mismatch"),
    ("a subject restricted by 'for more than'", "Expense claims need a director's signature.",
     "Expense claims for more than 500 EUR need a director's signature. Claims are paid monthly.", "scope"),
    ("a total for what the source gives each", "Bake the biscuits for 12 minutes in total.",
     "Bake the biscuits for 12 minutes on each tray, one tray at a time.", "number mismatch"),
    ("a month outside a stated range", "Boats can be hired in November.",
     "Boats can be hired between April and October. Life jackets are provided.", "names"),
    ("the same bound word with another value", "Entry is open to children from 8 years.",
     "Entry is open to children from 6 years. Adults must accompany them.", "number mismatch"),
    ("a weaker bound of a rule", "Tickets should be bought at least 2 days before the trip.",
     "Tickets should be bought at least 7 days before the trip. Refunds are not possible.", "number mismatch"),
    ("milligrams for micrograms", "Take 400 milligrams of folic acid a day.",
     "Take 400 micrograms of folic acid a day before and during early pregnancy.", "number mismatch"),
    ("roles swapped, with a place named in another sentence",
     "Spain beat the Netherlands in the final in Johannesburg.",
     "The 2010 final was played in Johannesburg. The Netherlands beat Spain 1-0 after extra time.", "exchanges"),
    ("a bound after its value, restated with another", "The course is open to people aged 21 and over.",
     "The course is open to people aged 18 and over. It runs on Saturdays.", "number mismatch"),
    ("within for beyond", "Parcels delivered within the city cost extra.",
     "Parcels delivered beyond the city cost extra. Delivery takes two days.", "opposite"),
    ("'only' before a time, after the object", "Visitors may use the sauna.",
     "Visitors may use the sauna only between 6 and 9 p.m., after booking at reception.", "scope"),
    ("'without prompting' denies the prompt", "The script prompts before overwriting files.",
     "The script overwrites files without prompting and logs each change.", "negation"),
    ("a bound that another statement's range holds", "A refund must be claimed at least two months before the trip.",
     "Trips last between two and six months. A refund must be claimed at least two weeks before the trip.",
     "number mismatch"),
    ("'as long as the guest wants' against a range", "A room can be booked for as long as the guest wants.",
     "Rooms can be booked for between one and four hours. Bookings open at 8 a.m.", "scope"),
    ("a duration the source gives another thing", "Weekly reports are kept for 90 days.",
     "Reports are kept for 90 days, then deleted. Weekly reports are kept for two years.", "number mismatch"),
    ("one item of a denied list", "The centre accepts paint.",
     "The centre accepts glass, metal and paper. Batteries and paint are not accepted. Entry is free.", "negation"),
    ("a subject restricted by a figure with a comma", "Water tanks must be inspected every two years.",
     "Water tanks must be cleaned once a year. Tanks larger than 1,500 litres must also be inspected every two years.",
     "scope"),
    ("a duty whose topic the sentence before names", "Anyone can use the sauna without reserving.",
     "The sauna on the top floor is open from 9 a.m. to 9 p.m. Members must reserve a time at the desk. "
     "Towels are provided.", "negation"),
    ("a fee waived in one sentence, charged in the closest", "Students are not charged the 10 EUR fee for late returns.",
     "Printing costs 5 cents a page plus a 2 EUR card fee. The card fee is waived for students. Late returns are also "
     "charged a flat 10 EUR, including for students.", "opposite"),
    ("'never permitted' in the second clause of a sentence", "Scooters may be parked in the hallway.",
     "Scooters must be stored in the bike room and are never permitted in the hallway. Charging is allowed only in "
     "the bike room.", "negation"),
    ("a value inside another statement's bound", "Guest passes are valid for 20 days.",
     "Guest passes are valid for 10 days after issue. Annual members can bring guests for up to 30 days a year.",
     "number mismatch"),
    ("another weekday, with a word the source lacks", "Members must renew their card on Monday evening.",
     "Members must renew their card at the desk on Tuesday or Thursday; cards cannot be renewed online.", "names"),
    ("other months, the verb in another form", "Rangers patrol the park from April to October.",
     "The park is patrolled by rangers from May to September, every day. Outside that period visitors walk at "
     "their own risk.", "names"),
    ("'never' for a ban in one season", "Cyclists are never allowed on the towpath.",
     "The towpath is open to walkers all year. Cyclists are not allowed on the towpath in winter.", "scope"),
    ("a name with a figure the source does not give", "The server runs on python2.",
     "The server runs on python3 and needs at least 2 GB of memory.", "names"),
    ("a time of an elided part said of the other", "The pool is open until 6 p.m. on weekdays.",
     "The pool is open from 7 a.m. to 9 p.m. on weekdays and until 6 p.m. on Sundays. Lanes can be booked online.",
     "number mismatch"),
    ("a value of a part that takes its subject from the part before", "Magazines can be borrowed for three weeks.",
     "Books can be borrowed for three weeks and renewed twice. Magazines follow the same loan rules but can only be "
     "borrowed for one week.", "number mismatch"),
    ("one option for another", "The -a option prints line numbers.",
     "grep searches files for a pattern. The -n option prints line numbers, and -a reads binary files as text.",
     "aligned sentence"),
    ("'by default' for what happens only with an option", "Hidden files are listed by default.",
     "The tool lists the files of a folder. Hidden files are listed only with -a.", "scope"),
    ("'bought' where the second part of a sentence says 'not sold'", "Season passes can be bought on the bus.",
     "Season passes for the city's buses must be ordered online and are not sold on the bus. Single tickets cost "
     "2 EUR.", "negation"),
    ("a bound against the bound of the statement it restates", "Rooms can be reserved up to a year ahead.",
     "Meeting rooms can be reserved for two hours at a time, up to a month ahead. Coffee is free.",
     "number mismatch"),
    ("the group for its 'non-' group, with words set elsewhere", "Members pay 8 EUR per lesson at the pool.",
     "The pool offers swimming lessons on Saturdays. Non-members pay 8 EUR per lesson.", "opposite"),
    ("'whenever' against 'with approval'", "Students can leave the campus at lunchtime whenever they want.",
     "Students can leave the campus at lunchtime with their tutor's approval. Year 7 pupils must stay in.", "scope"),
    ("support said to be dropped", "Version 5 still supports Windows 8.",
     "Version 5 adds a new editor. Support for Windows 8 is dropped in this release; Windows 10 or later is needed.",
     "negation"),
    ("a subject restricted by a participle, dropped", "Bikes will be removed.",
     "Bikes must be locked in the rack. Bikes chained to the railings will be removed; the rack is free.", "scope"),
    ("who did it, in the past tense", "Marie Curie discovered X-rays in 1895.",
     "X-rays were discovered by Wilhelm Roentgen in 1895, and Marie Curie later studied radioactivity.",
     "aligned sentence"),
    ("a value of another group whose name has a figure", "Swimming lessons cost 6 EUR for adults.",
     "Swimming lessons cost 9 EUR for adults and 6 EUR for over-65s. Booking is required.", "number mismatch"),
    ("two attributes exchanged, with a word from another sentence",
     "The colour of the warning light shows the fault, and its speed the urgency.",
     "The boiler has a warning light. The speed of the light shows the fault, and its colour shows the urgency.",
     "exchanges 'colour' and 'speed'"),
    ("the end of another period", "Unpaid fines are cleared at the end of the month.",
     "Fines are charged daily. Unpaid fines are cleared at the end of the year.", "aligned sentence"),
    ("a vague count with a scale against a figure", "The film drew a few hundred viewers.",
     "The film premiered in Paris. It drew more than two million viewers in its first week.", "number mismatch"),
    ("another weekday of the month", "Parking is free for everyone on the last Saturday of the month.",
     "The car park is free for disabled drivers and for everyone on the second Saturday of the month. Others pay "
     "3 EUR an hour.", "aligned sentence"),
    ("an option in another case", "The -n option shows line numbers.",
     "The -N option shows line numbers in the output. The -q option silences it.", "names"),
    ("a state's contrary", "Experts class the geyser as extinct.",
     "The geyser erupted in 2010. Experts class it as active, and visitors keep a safe distance.", "opposite"),
    ("a lower bound against the bound of the statement it restates",
     "Runners who finish more than 20 minutes after the cut-off are not ranked.",
     "Runners who finish more than 45 minutes after the cut-off are not ranked. Medals are given to all finishers.",
     "number mismatch"),
    ("a temperature below zero", "The freezer keeps food safe down to -25 °C.",
     "The freezer keeps food safe down to -18 °C. Below -30 °C the alarm sounds.", "number mismatch"),
    ("what is done 'rather than' an act, its verb of four letters", "If a page jams, make a second copy.",
     "Members may use the printer. If a page jams, clear it rather than making a second copy.", "negation"),
    ("'the same term' for 'the following term'", "A resit must be taken the same term.",
     "Students may resit an exam once. The resit must be taken in the following term, at the student's own cost.",
     "aligned sentence"),
    ("a value of one qualifier given to the other, the claim's qualifier first",
     "A permit for a second boat costs 40 EUR a year.",
     "A mooring permit costs 40 EUR a year for the first boat and 90 EUR for a second boat. Keys are issued at the "
     "office.", "number mismatch"),
    ("an opposite before a longer word of the same head", "The orchid likes direct daylight.",
     "Keep the orchid near a window. It likes indirect light; strong sun burns the flowers.", "opposite"),
    ("a first place the source gives another thing", "No team was slower than the Dutch team.",
     "Gold medals go to the fastest team, but the prize for style goes to the Dutch team. The Swiss team was the "
     "slowest.", "comparison"),
    ("'no ... is higher than' a thing the source ranks second",
     "No mountain in Africa is higher than Mount Kenya.",
     "Kilimanjaro is the highest mountain in Africa, and Mount Kenya is the second highest. Both are volcanoes.",
     "comparison"),
    ("'do not need to' where the source says 'must'", "Cyclists do not need to wear a helmet on the forest trail.",
     "On the forest trail, cyclists must wear a helmet. Dogs must be kept on a lead.", "modality"),
    ("an opposite in a part whose subject is a pronoun for the part before",
     "Young foals go south in the morning.",
     "Foals follow the herd while they are young, heading north in the morning and south by evening. Older horses "
     "stay in the paddock.", "aligned sentence"),
    ("'no longer' of the case the source says goes on", "Kittens no longer drink milk.",
     "Kittens drink milk while they are small. Adult cats stop drinking milk and eat solid food.", "negation"),
    ("a value short of a deadline given what befalls those past it",
     "A bag arriving at 8:30 p.m. is not loaded onto the ferry.",
     "Bags must be checked in by 9 p.m.; those arriving later are not loaded onto the ferry.", "number mismatch"),
    ("'low' for 'high'", "The lake has a low salt content.",
     "The lake never freezes, because its high salt content lowers the freezing point. It is popular with swimmers.",
     "aligned sentence"),
    ("'must' for 'can ... only before', said of everyone", "Hotel guests must drive in before 10 a.m.",
     "During the festival the old town is closed to cars. Hotel guests can drive in only before 10 a.m. Taxis wait "
     "at the gate.", "modality"),
    ("a grant of a case a short sentence of its own refuses",
     "Residents may keep a snake with the landlord's written consent.",
     "Residents may keep one cat or one small dog with the landlord's written consent. Hamsters need no consent. "
     "Snakes are not allowed.", "negation"),
    ("the rule said of the case 'unless' excepts",
     "The printer switches itself off after 20 minutes while it is printing.",
     "The printer switches itself off after 20 minutes unless it is printing. Paper is in the drawer below.",
     "exception"),
    ("a year given to what the source dates 'a year later'", "The album was released in the US in 2001.",
     "The album was released in the UK in 2001 and in the US a year later, with two extra songs. It sold a million "
     "copies.", "number mismatch"),
    ("'safe to use' where the source says 'should not be used'", "The gloves are safe to use with solvents.",
     "These gloves should not be used with solvents. Wash them by hand in warm water.", "negation"),
    ("the rule's contrary said of everyone where one case is excepted",
     "Apps built for version 2 stop running on version 3.",
     "Apps built for version 2 keep running on version 3, except those that use the old login screen. Updates are "
     "free.", "aligned sentence"),
    ("some of a thing the source says there is none of", "The village has a small pharmacy.",
     "The village has no pharmacy, but a doctor visits on Tuesdays.", "how many"),
    ("a comparison against 'even longer' said of the other thing",
     "The Nile is longer than the Amazon by some measures.",
     "The Nile is the longest river in Africa. The Amazon, in South America, is even longer by some measures.",
     "comparison"),
    ("a refusal of the act the source grants beside one it denies", "Gift cards cannot be topped up.",
     "Gift cards can be topped up online but not refunded. They never expire.", "negation"),
    ("a denial in the last conjunct of a sentence", "The granola contains added sugar.",
     "The granola is made with oats and honey and contains no added sugar. Store it in a dry place.", "negation"),
    ("a place one verb of the sentence takes given to another", "Chopin was born in Paris.",
     "Chopin was born in Poland in 1810 and died in Paris in 1849, aged 39. He gave his first concert at the age of "
     "seven.", "aligned sentence"),
    ("a ban where the source advises against", "Pregnant women are forbidden from using the sauna.",
     "The sauna is open to all hotel guests from 4 p.m., but it is not recommended for pregnant women.", "modality"),
    ("a year that is not the birth year plus the age the source gives", "Marie Curie won her first Nobel Prize in 1911.",
     "Marie Curie was born in Warsaw in 1867. She won her first Nobel Prize at the age of 36, and a second one later.",
     "number mismatch"),
    ("a deadline 'by noon' inside another time's bound", "Check-out is by noon.",
     "Guests can check in from 1 p.m. on the day they arrive. Early check-in from 9 a.m. is possible for 15 EUR, "
     "subject to availability. Check-out is by 10 a.m.", "number mismatch"),
    ("'faster' against 'more slowly'", "Sloths move faster than any other mammal.",
     "Sloths move more slowly than any other mammal and come down from their trees once a week.", "comparison"),
    ("'same' against 'opposite'", "The river flows in the same direction as the motorway.",
     "The river flows in the opposite direction to the motorway and joins the sea at Porto.", "aligned sentence"),
    ("'applies' where the source says 'does not apply'", "The members' offer applies to special exhibitions.",
     "Members get free entry. The offer does not apply to special exhibitions or guided tours.", "negation"),
    ("'two years' where the source names its year with no amount",
     "On the planet Zorn, one day lasts longer than two years.",
     "The planet Zorn spins slowly: a day on Zorn is longer than its year. It has three moons.", "number mismatch"),
    ("'three times the rate' where the source says 'double'",
     "On bank holidays, night shifts are paid at three times the base rate.",
     "Night shifts are paid at 1.25 times the base rate, or double on bank holidays. Shifts are booked online.",
     "number"),
    ("'almost 200 years' for 'nearly three centuries'", "Monks lived in the abbey for almost 200 years.",
     "The abbey housed monks for nearly three centuries before it was closed. Its library survives.",
     "number mismatch"),
    ("the dated event moved by the span the source gives", "The canal opened in 1899.",
     "The canal opened in 1894 after five years of digging. It is 58 km long.", "number mismatch"),
    ("a number of years the source's two years do not span", "Building the cathedral took 48 years.",
     "The cathedral was built from 1220 to 1258. Its spire, added 200 years later, was struck by lightning in "
     "1561.", "number mismatch"),
    ("'not before' for 'only before'", "Lorries may not unload before 10 a.m.",
     "Residents can park in the square, but lorries may only unload before 10 a.m. Bins are emptied on Tuesdays.",
     "negation"),
    ("a refusal of what the sentence that names it allows", "Pupils cannot use the library during lunch.",
     "Pupils can use the library during lunch. Mondays are not open library days for year 7 pupils.", "negation"),
    ("a value of the statement before 'After that' given to the later one's place",
     "Unclaimed bikes stay at the central store for two weeks.",
     "Lost bikes found on trains are held at the station for two weeks. After that they are moved to the central "
     "store, where they stay for three months before being sold.", "number mismatch"),
    # a case the claim names by a value, on the wrong side of the source's bound for what it says
    ("case outside a bound, affirmed", "A 12-year-old can come to the climbing wall as a member's guest.",
     "Members can bring a guest to the climbing wall if the guest is at least 14 years old. Guests pay 8 EUR a visit.",
     "outside the source's bound"),
    ("case inside a bound, denied", "A 1.5 kg parcel cannot be sent by economy post.",
     "Parcels sent by economy post may weigh no more than 2 kg. Economy post takes four to six working days.",
     "within the source's bound"),
    ("case inside a floor, denied", "An appointment beginning at 7 p.m. carries no late-opening surcharge.",
     "The late-opening surcharge applies to appointments that begin after 6 p.m. It is 15 EUR.", "within"),
    # a value the source gives for other days than the claim names
    ("days swapped", "On Sundays the library opens at 9 a.m.",
     "The library opens at 9 a.m. on weekdays and at 11 a.m. at weekends.", "for the claim's Sunday"),
    # "last an hour": the verb, and a duration
    ("a spoken hour after the verb 'last'", "Driving lessons last an hour.",
     "Driving lessons last 50 minutes and are booked by phone.", "number"),
    ("case outside an eligibility range", "A nine-year-old can join the toddler group.",
     "The toddler group is for children from one to three years old. Sessions run on Tuesday mornings.", "outside"),
    ("case inside a deadline called late", "A repair claim made 10 days after delivery is too late.",
     "Repair claims must be made within 14 days of delivery.", "within"),
    ("a lead time short of a deadline", "A booking can be changed 12 hours before the tour.",
     "Bookings can be changed up to 24 hours before the tour starts.", "outside"),
    ("an act named by a gerund, past the span", "Returning the car at 10 p.m. costs 20 EUR.",
     "Cars are due back by 6 p.m. Late return until 9 p.m. costs 20 EUR.", "outside"),
    # a case outside the set a clause keeps something to
    ("a case outside an 'only' set, allowed", "Bicycles are allowed in the quiet coach.",
     "On trains, bicycles are allowed in the front coach only. Dogs travel free.", "scope"),
    ("a day outside an 'only' set of a bounded group", "A 12-year-old can climb on a Wednesday evening.",
     "The climbing wall is open to under-14s only on Sunday afternoons, with an instructor.", "scope"),
    ("'more expensive' for 'cheaper'", "Off-peak tickets are 30% more expensive than peak tickets.",
     "Off-peak tickets are 30% cheaper than peak tickets.", "direction"),
    ("a card for a direct debit", "Members who pay by card get a free towel each visit.",
     "Members who pay by direct debit get a free towel each visit.", "addition"),
    ("a value given for the other case named after it", "Colour copies cost 5 cents per page.",
     "Copies cost 5 cents per page in black and white and 20 cents per page in colour. Staff pay half.", "in colour"),
    ("within a lead time called late", "Booking a session two days before it is too late.",
     "Dog walkers must book sessions at least 24 hours in advance.", "within"),
    ("a span before an event against one that counts from nothing", "Keys must be handed back a week before the move.",
     "Keys must be handed back on the day of the move. Keys not handed back within five days are charged at 100 EUR.",
     "number"),
    # a value the source gives for another phase of what the claim names
    ("phase swapped", "After the trial, members can cancel with two days' notice.",
     "New members start with a trial of three months. During the trial, members can cancel with two days' notice; "
     "afterwards the notice period is four weeks.", "after it"),
    ("advice for a duty", "Visitors are encouraged to sign in at reception.",
     "All visitors must sign in at reception and wear a badge.", "modality"),
    ("never, against a rule with one exception", "The café never serves hot food.",
     "The café serves hot food every day except Mondays.", "negation"),
]

RIGHT = [
    ("period in other words", "Staff can claim at most 50 EUR a month for home-office costs.",
     "Staff may claim up to 50 EUR per month for home-office costs."),
    ("working days", "Refunds arrive within 5 working days of approval.",
     "Refunds reach your account within five business days of approval."),
    ("the right entity", "Interns get 10 days of holiday.",
     "Permanent staff receive 25 days of holiday. Interns, like other temporary staff, receive 10 days."),
    ("a spoken amount", "The course lasts a fortnight.", "The course lasts 14 days."),
    ("a value within a range", "A rate of 110 compressions per minute is within the recommended range.",
     "Give chest compressions at a rate of 100 to 120 per minute."),
    ("one step of arithmetic", "The employer pays 5% and the employee 3%, so 8% in total.",
     "The employer contributes 5% of salary and the employee contributes 3%."),
    ("the same obligation", "Employees have to wear their badge on site.",
     "Employees must wear their badge on site."),
    ("the true part alone", "Refunds take five business days.",
     "Refunds are processed within five business days and paid to the original card."),
    # the issue's false alarms: a negation moved onto a word that carries one
    ("not eligible for excluded", "Interns are not eligible for paid leave.",
     "Interns are excluded from paid leave."),
    ("no charge for free", "There is no charge for returns.", "Returns are free."),
    ("not open for closed", "The museum does not open on Mondays.",
     "The museum is closed on Mondays and public holidays."),
    ("one item of a negated list", "Vouchers cannot be refunded.",
     "Season tickets and vouchers cannot be refunded."),
    ("a yes/no cell as it is", "The Unlimited membership includes the sauna.", GYM),
    ("a lacking cell in other words", "The Off-peak membership excludes classes.", GYM),
    ("a value of its own row", "Unlimited members get 6 guest passes.", GYM),
    ("a period the header names, in words", "The Standard membership costs £29 a month.", GYM),
    ("a comparison two rows bear out", "The Unlimited membership costs more than the Standard one.", GYM),
    ("the attribute of its own subject", "Gift cards expire after a year.",
     "Store credit is valid for three years from the date of issue. Gift cards expire after twelve months."),
    ("after as the source says", "Sign the form after the meeting with your adviser.",
     "Bring your passport to the meeting; sign the form only after the meeting with your adviser."),
    ("two dated events in their order", "The tunnel was completed before the bridge opened.",
     "The tunnel was completed in March 1998, and the bridge opened in June 2001."),
    ("a comparison as the source makes it", "The blue line is faster than the red line.",
     "The blue line runs every ten minutes. The red line is slower, with more stops."),
    ("a superlative read as a comparison", "Porto is smaller than Lisbon.",
     "Lisbon is Portugal's largest city, followed by Porto."),
    ("a quantified comparison", "No city in Portugal is larger than Lisbon.",
     "Lisbon is Portugal's largest city, followed by Porto."),
    ("a part of a negated sentence", "This discount does not apply to sale items.",
     "This discount does not apply to sale items or to gift cards bought online."),
    ("two for both", "Cyclists must keep two hands on the handlebars when descending.",
     "Cyclists must keep both hands on the handlebars when descending."),
    ("a bound met, before a modal", "A driver who has held a licence for five years may supervise a learner.",
     "A learner must be supervised by a driver who has held a full licence for at least three years."),
    ("a state as the source gives it", "The new API is experimental.",
     "The new API is experimental and may change without notice."),
    ("a prohibition reworded", "You are not allowed to park a caravan on the drive.",
     "Parking caravans on the drive is prohibited under the lease."),
    ("a time of day in another notation", "The car park closes at 10 p.m.",
     "The car park is open from 6 a.m. to 22:00 every day."),
    ("a setting as the source gives it", "The new release ships with telemetry switched on.",
     "From the new release on, telemetry is turned on by default; administrators can change it."),
    ("two parts, the second in other words", "The check takes about ten minutes and must be done "
     "without interruption.", "The check takes about ten minutes. It must not be interrupted once started."),
    ("a ranked list read as it runs", "Gold is less common than silver.",
     "The medals, from most to least common, are bronze, silver and gold."),
    ("one of the alternatives the source gives", "Parking permits can be bought online.",
     "Parking permits cost £40 a year. They can be bought online or at the town hall."),
    ("the only thing allowed", "Only distilled water should go in the tank.",
     "Fill the tank with distilled water only; tap water leaves scale in the boiler."),
    ("a generality the source states", "Residents who hold a permit can park whenever they like.",
     "Residents who hold a permit may park on the street at any time."),
    ("the act the source affirms", "Members receive the newsletter by post.",
     "The club's newsletter is printed each quarter. Members receive the newsletter by post."),
    ("the denial the source states", "Tickets will not be refunded, even to fans who cannot attend.",
     "Fans who cannot attend may give their ticket to a friend; tickets will not be refunded."),
    ("a released obligation", "Guests do not have to bring towels.",
     "Towels are provided; guests only need to bring swimwear."),
    ("the value of the sentence it restates", "Tenants must give two months' notice before moving out.",
     "Tenants must give two months' notice before moving out. Deposits are returned within two weeks."),
    ("a large count made by one step", "Each team bats for at most 120 legal deliveries in a 20-over match.",
     "Each team bats for a maximum of 20 overs. An over consists of six legal deliveries."),
    ("a rounded value", "The town has about 2 million visitors a year.",
     "The town had 1.97 million visitors last year."),
    ("a number that names its row", "Plan 90 members pay £12 a month.",
     "Plan: Plan 30; Monthly fee: £8; Notice: 30 days. Plan: Plan 90; Monthly fee: £12; Notice: 90 days."),
    ("a frequency compared as the amounts say", "The filter needs cleaning more often in autumn than in spring.",
     "Clean the filter every three weeks in spring and once a week in autumn."),
    # amounts the source's own statements make
    ("an amount per item times a count", "With all 8 seats taken, the boat carries about 640 kg of passengers.",
     "The boat has 8 seats. Each seat is rated for 80 kg."),
    ("a proportion scaled", "Mix 4 parts of sand with 2 parts of cement.",
     "Mix 2 parts of sand for every part of cement, then add water slowly."),
    ("the case the source limits it to, kept", "The service desk accepts bottles with a dented neck.",
     "Bottles with a dented neck are not accepted at the automatic machines, but they are accepted at the "
     "service desk."),
    ("the time of its own day", "The pharmacy opens at 10 a.m. on Saturdays.",
     "The pharmacy opens at 9 a.m. on weekdays and at 10 a.m. on Saturdays."),
    ("not covered for excluded", "The policy does not cover flood damage.",
     "The policy excludes flood damage and subsidence."),
    ("a bound in words that the source's amount meets", "Deposits are returned within a month.",
     "Deposits are returned within 14 days of the end of the tenancy."),
    ("a bound joined with or", "The team lead approves expenses of 500 EUR or less.",
     "Expenses over 500 EUR must be approved by the manager; smaller ones by the team lead."),
    ("the condition kept", "Tenants can sublet their flat if the landlord agrees in writing.",
     "Tenants can sublet their flat only if the landlord agrees in writing."),
    ("the excepted thing said as the source says", "The airport branch does not open on Saturdays.",
     "All branches except the airport branch open on Saturdays."),
    ("a denial of the denied thing", "Lorries may not use the bridge.",
     "The bridge is open to cars and bicycles but not to lorries."),
    ("a short claim in the other order", "Faulty items can be refunded.",
     "Refunds are given only if the item is faulty."),
    ("a share in words for one in figures", "Three quarters of the flats have a parking space.",
     "75% of the flats have a parking space."),
    ("the value of its own thing, in a short claim", "Buses to York leave from stop 4.",
     "Buses to Leeds leave from stop 3; buses to York leave from stop 4."),
    ("a period a few words after the amount, as the source says", "The card pays 2% cashback a month.",
     "The card pays 2% cashback per month on all purchases."),
    ("only one for a single one", "Only one bag is allowed per passenger.",
     "Each passenger may bring a single bag."),
    ("a date moved within its clause", "The theatre was closed for renovation in 2020.",
     "The theatre closed in 2020 for renovation and reopened in 2023."),
    ("free as the source says", "Guests can use the safe free of charge.",
     "Guests can use the safe free of charge; towels cost 3 EUR."),
    ("a bounded share the figure meets", "Fewer than a third of the members voted.",
     "Only 30% of the members voted at the annual meeting."),
    ("a frequency in other words", "The paper bins are emptied once a month.",
     "The paper bins are emptied monthly, and the glass bins every two weeks."),
    ("a frequency as an interval", "Team meetings take place every other week.",
     "Team meetings take place fortnightly, on Monday mornings."),
    ("an exact amount the source states", "The loan must be repaid in exactly 36 monthly instalments.",
     "The loan is repaid in 36 monthly instalments of equal size."),
    ("a value outside a stated range", "A port number of 70000 is rejected.",
     "The port must be between 1 and 65535; values outside this range are rejected at start-up."),
    # twenty-second session: the other direction of the phenomena above
    ("open at a time inside the hours", "The pool is open at 8 p.m. on weekdays.",
     "The pool is open from 6 a.m. to 9 p.m. on weekdays and from 8 a.m. to 5 p.m. on Sundays."),
    ("the value of the thing the claim names", "Retired members pay 25 EUR a year.",
     "The annual membership costs 40 EUR a year. Retired members and students pay 25 EUR a year."),
    ("what both share", "Both tents pack down to the size of a bottle.",
     "The Trek tent weighs 2 kg, while the Summit tent weighs 3.5 kg. Both pack down to the size of a bottle."),
    ("labelled models compared the right way", "Tablet A lasts longer than Tablet B on one charge.",
     "On one charge, Tablet A lasts 11 hours and Tablet B lasts 8 hours."),
    ("does not open, where the source says closed", "On Sundays the cafe does not open.",
     "The cafe is open from 8 a.m. to 6 p.m. on weekdays. It is closed on Sundays."),
    ("years between two dates", "It took eight years from the start of work until the bridge opened.",
     "Work on the bridge began in 1990. The bridge opened to traffic in 1998."),
    ("all as the whole of it", "A single device is all the basic account allows.",
     "The basic account allows one device and 10 GB of storage. The family account allows up to five devices."),
    ("fewer, the right way", "Fewer drivers than cyclists were fined last year.",
     "Last year 420 drivers were fined, compared with 610 cyclists."),
    ("free, said as not charged", "Members are not charged for borrowing e-books.",
     "Members borrow e-books free of charge. Printing costs 10 cents a page."),
    ("said of it through a pronoun", "The --reset option is needed to replace existing settings.",
     "By default, the installer refuses to replace existing settings. The --reset option makes it "
     "replace them."),
    ("a hedge is no denial", "Brand-name drugs are not necessarily better than generic ones.",
     "Generic drugs are not necessarily worse than brand-name drugs; both must meet the same "
     "standards."),
    ("what is off-limits, said as not allowed", "Learners are not allowed to drive on motorways alone.",
     "Motorway driving is off-limits to learners unless an approved instructor is with them."),
    ("not refundable, where a sentence says cannot be refunded", "Booking deposits are not refundable.",
     "Most payments can be refunded within 14 days. Booking deposits cannot be refunded."),
    ("opening hours added up", "The pharmacy is open for eight hours on Saturdays.",
     "On Saturdays the pharmacy opens at 9 a.m. and closes at 5 p.m."),
    ("the age bound kept", "Students younger than 25 get 20% off bus passes.",
     "Students under 25 get a 20% discount on bus passes. Others pay the full fare."),
    ("a comparison the stated amounts decide", "The bakery is closer to the station than the library.",
     "The bakery is 200 metres from the station. The library is 900 metres from the station."),
    ("a permission with the condition a ban lifts", "Members may bring a guest if they sign them in.",
     "Members must not bring guests without signing them in at the desk."),
    ("a bound said with a negated verb", "Adults should take no more than two capsules a day.",
     "Adults must not take more than two capsules a day. Children should not take them at all."),
    ("without what the source says is not needed", "Visitors can enter the lab without a badge.",
     "Visitors do not need a badge to enter the lab. Staff badges are blue."),
    ("the change the source found", "The new fertiliser increased tomato yields.",
     "In the trial, the new fertiliser increased tomato yields by 12%. No significant difference was found "
     "in pepper yields."),
    # twenty-third session
    ("closing at the end of the hours, in words", "On Fridays the library shuts at 6 in the evening.",
     "On Fridays the library is open from 9 a.m. to 6 p.m."),
    ("a yearly cap said 'in a year'", "Volunteers can earn at most 12 free tickets in a year.",
     "Volunteers earn 2 free tickets for each month of service, up to 12 tickets a year."),
    ("no fee, where the source waives it", "Students pay no registration fee.",
     "The registration fee is waived for students."),
    ("a sentence's opening frame said at the end", "Visitors should use the side entrance during the renovation.",
     "During the renovation the main entrance is closed, so visitors should use the side entrance instead."),
    ("the value of its own party", "The employee must give the employer one month's notice.",
     "The employee must give the employer one month's notice of resignation. The employer must give the "
     "employee three months' notice of dismissal."),
    ("twelve months as a year", "The permit costs 40 EUR a year.",
     "The permit costs 40 EUR every 12 months and is checked at the gate."),
    ("an end date the source gives with until", "The exhibition ends on 30 June.",
     "The exhibition starts on 1 March and runs until 30 June."),
    ("no monthly charge, where there is no monthly fee", "The current account has no monthly charge.",
     "The current account pays 2% interest on balances up to 3,000 dollars. There is no monthly fee."),
    ("within a few weeks, for some days", "Deliveries usually arrive within a few weeks.",
     "Deliveries usually arrive within two to four working days."),
    ("no longer supported, where support was dropped", "The new release no longer supports Python 3.8.",
     "The new release drops support for Python 3.7 and 3.8; Python 3.9 or later is required."),
    ("a direction turned back by a denial", "Members who live less than ten miles away do not get a travel allowance.",
     "A travel allowance is paid to members who live more than ten miles away."),
    ("included in, said as includes", "The ticket price includes a guided tour.",
     "A guided tour is included in the ticket price. Drinks are extra."),
    ("whom a pronoun stands for, named", "On Sundays members have to use the side door.",
     "Members may use the main door on weekdays only. On Sundays they must use the side door."),
    ("a converse with the roles exchanged", "The museum borrows the paintings from the gallery.",
     "The gallery lends the paintings to the museum for the exhibition."),
    ("a bound the range reaches", "Shipping abroad takes up to ten working days.",
     "Shipping abroad takes five to ten working days, depending on the country."),
    ("a fraction of an hour in minutes", "Each period of the game lasts three quarters of an hour.",
     "Each period of the game lasts 45 minutes, with a 15-minute break in between."),
    ("'and a half' hours in minutes", "The flight takes 150 minutes.", "The flight takes two and a half hours."),
    ("an hour and a half", "The tour takes an hour and a half.", "The guided tour lasts 90 minutes."),
    ("units are no names", "Each mailbox holds 2,000 MB.", "Each mailbox holds 2 GB of mail."),
    ("an age inside a range", "A 12-year-old pays the youth price.",
     "The youth price applies to visitors aged 10 to 17."),
    ("an age is no duration", "Members aged 65 or over pay no fee.",
     "Members aged 65 or over pay no fee. Membership lasts at least two years."),
    ("a duty kept", "All visitors have to wear a hard hat on the site.",
     "All visitors must wear a hard hat on the site."),
    ("passive said actively", "The committee appoints the club's coaches.",
     "The club's coaches are appointed by the committee each spring."),
    ("any under a ban", "Dogs are banned from any playground in the park.",
     "Dogs are not allowed in the park's playgrounds."),
    ("a denial kept, its topic the sentence before", "Late bookings for the trip are not accepted.",
     "Bookings for the trip close on Friday. Late ones are not accepted."),
    ("counted per the same thing", "The plan pays back up to 200 EUR of repairs per claim.",
     "The plan refunds up to 200 EUR of repairs per claim, with no more than three claims a year."),
    ("values of a clause with its verb left out", "Members pay 4 EUR a session.",
     "Visitors pay 9 EUR a session and members 4 EUR. A session lasts an hour."),
    ("a restricting phrase of the subject kept", "Employees with a remote-work agreement can work from home on Fridays.",
     "Employees with a signed remote-work agreement can work from home on Fridays."),
    ("a time inside the one span of the day", "You can collect your order at 3:30 p.m.",
     "Orders can be picked up between 10 a.m. and 6 p.m."),
    ("a spoken duration with 'or more'", "Bookings made a week or more ahead get a 10% discount.",
     "Bookings made 7 days or more before arrival get a 10% discount."),
    ("a ban said with 'may not'", "You may not smoke in the hall.",
     "Smoking is not permitted in the hall. A smoking area is provided outside."),
    ("a denial with 'no' as subject, kept", "Nobody was hurt, and no damage was reported.",
     "No damage was reported and no one was injured in the small fire on Tuesday."),
    ("a predicate kept in its clause", "The buyer pays the land registry fee.",
     "The seller pays the agent's commission and the buyer pays the land registry fee."),
    ("a bare hour", "The library opens at 9 on Sundays.", "On Sundays the library is open from 9 a.m. to 1 p.m."),
    ("every Monday, a period", "The gym is closed for cleaning every Tuesday morning.",
     "The gym closes for cleaning on Tuesday mornings until 10 a.m."),
    ("half a unit", "Plant the bulbs half a metre apart.", "Plant the bulbs 50 cm apart in autumn."),
    ("denied past the source's bound", "Bags heavier than 23 kg are not allowed in the hold.",
     "The hold takes bags up to 23 kg. Heavier bags must be sent as cargo."),
    ("every for all", "Every seat costs 5 EUR on Mondays.", "Regular seats cost 9 EUR. On Mondays all seats cost 5 EUR."),
    ("the whole time for at all times", "Helmets have to be worn the whole time.",
     "Helmets must be worn at all times on the track."),
    ("a denial of another word of the sentence", "Campers should bring their own firewood.",
     "Firewood is not sold on site, so campers should bring their own."),
    ("a weekday inside a range of days", "The pharmacy is open on Thursdays.",
     "The pharmacy is open Monday to Friday from 8 a.m. to 7 p.m."),
    ("not needed for without", "You do not need a ticket for the garden.",
     "The garden can be visited without a ticket. The house needs a ticket."),
    ("values with their qualifiers after them", "A coffee costs 3.50 EUR at the table.",
     "A coffee costs 2.80 EUR to take away and 3.50 EUR at the table."),
    ("a bound said in words, about the same", "Rooms must be booked four weeks or more ahead.",
     "Rooms must be booked at least a month ahead. Cancellations are free until 48 hours before."),
    ("a date written the other way", "The office reopens on January 8th.",
     "The office reopens on 8 January after the holidays."),
    ("two dates of two statements", "The course starts on 3 March and the exam is on 28 April.",
     "The course starts on 3 March. The exam is held on 28 April."),
    ("a day inside weekdays", "The help desk answers calls on Thursday afternoons.",
     "The help desk answers calls on weekday afternoons from 1 p.m. to 5 p.m."),
    ("a day inside the weekend", "Visitors can use the pool on Sundays.",
     "The pool is only open to visitors at weekends."),
    ("a time before midnight that ends a span", "The bar serves food at 10:30 p.m.",
     "The bar serves food from noon to midnight."),
    ("never more than for up to", "A taxi ride to the airport never costs more than 45 EUR.",
     "Taxi rides to the airport cost 2 EUR per kilometre, up to a maximum of 45 EUR per ride."),
    ("a comparison said the other way round", "The bus is less expensive than the ferry.",
     "The ferry is more expensive than the bus, but it is faster."),
    ("a comparison said with a verb, the same way", "Morning classes are cheaper than evening classes.",
     "Evening classes cost 5 EUR more than morning classes."),
    ("an age inside a range in two units", "A seven-year-old can join the club.",
     "The club is open to children from eighteen months to ten years old."),
    ("support the source adds beside one it takes away", "The plugin supports Windows 11.",
     "Release 3.0 drops support for Windows 7 and adds support for Windows 11."),
    ("part of the year, restated", "The ferry runs every hour from April to October.",
     "The ferry runs every hour, but only from April to October."),
    ("one clause's place, its own subject", "Paper is put in the green bin.",
     "Cans are put in the yellow bin, and paper is put in the green bin."),
    ("an amount inside a bound after the noun", "Free delivery applies to orders of 50 EUR.",
     "Free delivery applies to orders of 40 EUR or more."),
    ("the day before is no relation", "After 6 p.m., yesterday's cakes cost half as much.",
     "Cakes baked the day before are sold at half price after 6 p.m."),
    ("a position restated", "A fee is charged after the third day.", "A fee is charged after the third day of the loan."),
    ("one day of each month restated", "The library opens late on the last Thursday of the month.",
     "The library opens late on the last Thursday of each month."),
    ("what the other clause's duty leaves free", "A single ticket can be bought without a passport.",
     "A passport is not needed for a single ticket, but day passes require one."),
    ("the restriction of the subject kept", "Uploads larger than 5 GB are charged 2 EUR.",
     "Uploads larger than 5 GB are charged 2 EUR. Smaller ones are free."),
    ("a two-word claim the other sentence affirms", "Scaling is included.",
     "The dental plan includes scaling. Cosmetic work such as whitening is not included."),
    ("a time counted from another", "The ferry arrives at 1 p.m.",
     "The ferry leaves at 9 a.m. and arrives four hours after departure."),
    ("an age that meets the condition", "A 15-year-old swimmer needs an adult in the pool.",
     "Swimmers under 16 need an adult in the pool. Lanes are for adults only after 7 p.m."),
    ("the condition kept", "Theft is covered if you buy the Secure add-on.",
     "Theft is covered only if you buy the Secure add-on, which costs 30 EUR a year."),
    ("the exception's own value", "A tenant who moves abroad needs to give only one month's notice.",
     "Tenants must give two months' notice, except when moving abroad, in which case one month is enough."),
    ("a price per year said per year", "The season ticket costs 40 EUR a year.",
     "The annual season ticket costs 40 EUR. Single tickets cost 3 EUR."),
    ("at any hour for 24 hours a day", "Residents can use the gym at any hour.",
     "The gym is open 24 hours a day for residents."),
    ("a denial against a sentence that says no", "Sofas cannot be sent by express delivery.",
     "Express delivery is not available for sofas."),
    ("kept out of", "Do not keep the vaccine in the freezer.", "The vaccine must be kept out of the freezer."),
    ("the first half hour", "The first half hour of parking is free.", "The first 30 minutes of parking are free."),
    ("a thing before the denied list", "The depot accepts metal.",
     "The depot accepts wood and metal, but not paint or oil."),
    ("a monthly amount said per month", "The allowance is 400 EUR a month.",
     "The grant pays a monthly allowance of 400 EUR."),
    ("more of a mass noun, amounts the same way", "The desktop has more memory than the laptop.",
     "The laptop comes with 8 GB of memory. The desktop ships with 32 GB of memory."),
    ("a weaker bound of a count", "The lighthouse has been struck by lightning more than 40 times.",
     "The old lighthouse stands at the harbour mouth. It has been struck by lightning more than 60 times."),
    ("a sentence the claim restates, not a sibling's", "A weekly pass renews on the same weekday each week.",
     "If you bought a yearly pass, it renews every year on the purchase date unless you cancel it. Weekly passes "
     "renew on the same day every week."),
    ("what is allowed is not what is blocked", "A failed build means the branch cannot be released until it is fixed.",
     "Anyone can restart a failed build, which blocks the release of the branch until the build is fixed."),
    ("the case the source excepts, denied", "With `--quiet` given, the installer does not print a summary.",
     "The installer prints a summary at the end unless `--quiet` is given."),
    ("what the source does instead", "The sync command copies only changed files.",
     "The sync command copies only changed files instead of copying every file again."),
    ("half of the full price", "A student with a valid card pays 20 EUR a month for gym membership.",
     "Gym membership is half price for students with a valid card. Everyone else pays 40 EUR a month."),
    ("a day pass for a day", "Visitors can use the pool for a day for 8 EUR.",
     "Visitors can buy a day pass for the pool for 8 EUR."),
    ("a comparison of two things, not an attribute moved", "A goal is worth more than a behind.",
     "A goal is worth six points. A behind, scored when the ball passes between the outer posts, is worth one point."),
    ("an item of the list", "The recycling centre takes old furniture.",
     "The recycling centre takes glass, paper, garden waste and old furniture. It is closed on Mondays."),
    ("a vague count inside a stated one", "The storm left thousands of homes without power.",
     "The storm left more than 40,000 homes without power for two days."),
    ("a denial of the object where the source denies it",
     "Neither tool makes an in-place edit; each produces a new archive.",
     "Both tools produce a new archive, never an in-place edit."),
    ("a condition kept whole", "If the hotel cancels your booking less than 7 days before arrival, you can claim "
     "your deposit back.",
     "If the hotel cancels your booking less than 7 days before arrival, you can claim your deposit back "
     "or a free night."),
    ("a permission in a clause of its own", "Dogs are allowed on the terrace.",
     "Dogs are allowed on the terrace, but they are not allowed in the dining room."),
    ("the same time anchor, other words around it", "The deposit is paid back within 30 days of the end of the lease.",
     "The deposit is returned within 30 days of the end of the lease."),
    ("the same weekday, said with its time", "The library van comes to the village on Thursday mornings.",
     "The library van visits the village on Thursday mornings. It parks outside the school."),
    ("the same actor, said in the passive", "Expense claims are signed off by the line manager.",
     "Staff submit expense claims through the portal. The line manager signs off expense claims and forwards "
     "them to the finance team."),
    ("a version in a list of them", "The tool no longer supports Python 3.8.",
     "The tool drops support for Python 3.7 and 3.8; it is tested on Python 3.11 to 3.13."),
    # twenty-seventh session
    ("a denial of another object than the one affirmed", "Version 2 no longer runs on Android 9.",
     "Version 2 drops support for Android 8 and 9. It runs on Android 10 and later."),
    ("support dropped, said as 'no longer'", "Version 4 no longer supports Windows 7.",
     "Version 4 drops support for Windows 7."),
    ("'less' as 'minus'", "After the event, you get back the ticket price, less a booking fee.",
     "After the event you get back the ticket price minus a booking fee. Before the event, tickets can be "
     "exchanged."),
    ("every one of a bare plural rule", "Every visitor must sign in at reception.",
     "Visitors must sign in at reception and wear a badge."),
    ("a share read as less", "The new boiler uses less gas than the old one.",
     "The new boiler uses about 70% of the gas the old one needed."),
    ("an ordinal is no amount", "Each squad may name three reserves.",
     "Each squad may name up to five reserves. Reserves sit in the third row of the stand."),
    ("a verb's contrary for its denial", "The office is shut on Sundays.",
     "The office opens at 9 a.m. on weekdays. It does not open on Sundays."),
    ("a count of parts of an amount each", "The exam lasts 3 hours, in two parts.",
     "The exam has two parts of 90 minutes. Calculators are allowed."),
    ("a share of the same group by another name", "About 97% of kids are protected by two doses.",
     "Two doses protect about 97% of children."),
    ("two acts ordered by 'then'", "Rinse the rice before cooking it.",
     "Rinse the rice twice, then cook it for 12 minutes."),
    ("one rank among several", "K2 is the highest mountain in Pakistan.",
     "K2 is the second-highest mountain on Earth and the highest in Pakistan."),
    ("a comparison the amounts bear out", "Wholemeal bread has more fibre than rye bread.",
     "White bread has about 2.5 grams of fibre per slice, wholemeal about 6 grams. Rye bread has roughly 4 grams."),
    ("a fault fixed is no fault", "Version 3.2 no longer freezes when printing large PDFs.",
     "Version 3.2 fixes a freeze when printing large PDFs and adds a print preview."),
    ("'not ... until' says when it began", "The bridge first opened to traffic in 1932.",
     "Work began in 1923, but the bridge was not opened to traffic until 1932."),
    ("a condition of the other conjunct", "Release 7 adds a search bar.",
     "Release 7 adds a search bar and fixes a hang when importing files over 1 GB."),
    ("a denial under a condition, against 'Otherwise'", "No late fee is charged if the book is returned on time.",
     "Books returned on time incur no fee. Otherwise, a late fee of 0.20 EUR a day is charged."),
    ("every second weekday as every two weeks", "The market is held once every two weeks, on a Thursday.",
     "The market is held every second Thursday in the town square."),
    ("an age group written with a hyphen", "Children under 12 travel free.",
     "Travel is free for under-12s; adults pay 3 EUR."),
    ("a bound said as an imperative", "Adults can take up to six tablets a day.",
     "Take one or two tablets every four hours. Do not take more than six tablets in 24 hours."),
    ("a possibility, no permission", "Driving without insurance can lead to a fine.",
     "Driving without insurance can result in a fine of up to 1,000 EUR. All drivers must be insured."),
    ("a value named None", "If no match is found, the method returns None.",
     "The method returns None if no match is found. It raises TypeError for a pattern that is not a string."),
    ("who someone is, no restriction", "A member who has never attended a meeting can still vote.",
     "Every member can vote at the annual meeting, whether or not they have attended a meeting before."),
    ("a tied score", "The set goes to a tiebreak at six games all.",
     "At 6-6, the set goes to a tiebreak. A set is won by the first player to win six games with a two-game lead."),
    ("the same rules for another thing", "Magazines can be borrowed for two weeks.",
     "Books can be borrowed for two weeks and renewed twice. Magazines follow the same rules."),
    ("'Nobody can' for 'cannot'", "Nobody can park in the loading bay.",
     "Cars cannot park in the loading bay at any time."),
    ("an age inside a stated range", "A 9-year-old needs a junior pass.",
     "Children aged 6 to 12 need a junior pass. Under-6s ride free."),
    ("a yearly price spread over months, said so", "The licence costs 10 EUR a month on average.",
     "The licence costs 120 EUR a year."),
    ("a span between two dated years", "The bridge was the longest in the world for about 30 years.",
     "The bridge opened in 1932 and was the longest in the world until 1964, when a longer one was finished."),
    ("a month inside a stated range", "Boats can be hired in May.",
     "Boats can be hired between April and October. Life jackets are provided."),
    ("a general noun for what the sentence before named", "The licence fee can be paid in four instalments.",
     "The licence fee is set each spring. The amount can be paid in four instalments or at once."),
    ("a rate per hour for one every few minutes", "A bus comes twelve times an hour.",
     "At peak times a bus comes every five minutes."),
    ("a released duty reads its act neither way", "Residents do not need to register their bikes.",
     "Residents can park bikes without registering them. Visitors must register at the gate."),
    ("a price per thing and per period", "Each seat costs 12 EUR a month on the business plan.",
     "The business plan includes up to 50 seats for 12 EUR per seat per month."),
    ("ages said 'between ... and ...'", "The club is open to children between the ages of 8 and 14.",
     "The club welcomes children aged 8 to 14 on Saturday mornings."),
    ("an event said with a denial is no event", "Simmer the stock without letting it boil.",
     "Simmer the stock gently for two hours until rich but not boiling. Skim off any foam."),
    ("'not need' for a clause that calls it optional", "Riders do not need helmets for the pony ride.",
     "The pony ride lasts 20 minutes and suits riders of all ages. Helmets are optional; a hat is fine."),
    ("'no tiles remaining' for 'got rid of all their tiles'", "The winner is the first player with no tiles remaining.",
     "Each player draws seven tiles. The first to get rid of all their tiles wins, and scores the points left in "
     "the other hands."),
    ("'only with' a permit the source says is needed", "Boats over 5 metres can be launched only with a harbour permit.",
     "Boats can be launched from the ramp. Those over 5 metres need a harbour permit; jet skis are banned."),
    ("a time counted from the same event in other words", "Late entries are refused 30 minutes after the exam begins.",
     "Bring photo ID. Late entries are refused 30 minutes after the start. Phones must be switched off."),
    ("a permission of the clause before a ban", "Scooters can be kept in the bike room.",
     "Scooters must be stored in the bike room and are never permitted in the hallway. Charging is allowed only in "
     "the bike room."),
    ("a month inside the months named", "Rangers patrol the park in June.",
     "The park is patrolled by rangers from May to September, every day. Outside that period visitors walk at "
     "their own risk."),
    ("the time of an elided part", "The pool is open until 6 p.m. on Sundays.",
     "The pool is open from 7 a.m. to 9 p.m. on weekdays and until 6 p.m. on Sundays. Lanes can be booked online."),
    ("bounds of amounts are no direction", "More than 200 people attended the meeting.",
     "The meeting drew over 200 people, but fewer than 20 stayed to vote."),
    ("'not possible for' as the denial", "Night staff cannot take leave in December.",
     "Staff can take leave at any time with two weeks' notice. Leave in December is not possible for night staff."),
    ("a rate times what it is per", "Three nights of parking cost 30 EUR.",
     "Parking costs 10 EUR per night. The gate closes at midnight."),
    ("the days a sentence ends on, put first", "On Fridays the studio can be booked until 11 p.m.",
     "The music studio seats eight players. It can be booked until 11 p.m. on Thursdays and Fridays and until 9 p.m. "
     "on other days."),
    ("who did it, named as the source names them", "Wilhelm Roentgen discovered X-rays in 1895.",
     "X-rays were discovered by Wilhelm Roentgen in 1895, and Marie Curie later studied radioactivity."),
    ("a span between a date's year and another year", "The old bridge carried traffic for 62 years.",
     "The old bridge opened to traffic in 1908 and closed in 1970. A new bridge replaced it."),
    ("a share off a stated price", "Students pay 120 EUR for the course.",
     "The course costs 160 EUR. Students get 25% off the full price."),
    ("days 'of leave' are no span counted from leave", "After one year, part-time staff get 15 days of leave.",
     "Part-time staff get 12 days of leave, rising to 15 days after one year. Leave is booked online."),
    ("'the following year'", "The bridge was finished in 1938.",
     "Work on the bridge began in 1937 and was finished the following year."),
    ("'no other ... as much as' is a superlative", "No other lake holds as much fresh water as Baikal.",
     "Lake Baikal holds more fresh water than any other lake, about a fifth of the world's supply. It is also the "
     "deepest."),
    ("'cannot ... more than' is a bound, no ban", "A member cannot borrow more than two rackets.",
     "Each member may borrow only two rackets at a time. Rackets are free."),
    ("'a week' meets 'more than two days'", "A pupil who misses a week of school needs a letter from home.",
     "Parents must call the school before 9 a.m. Absences of more than two days need a letter from home."),
    ("a word the sentence said earlier, put last", "A visitor pays 6 EUR for the day.",
     "Visitors must be over 12 and pay a day fee of 6 EUR; they may not enter the labs."),
    ("what one clause denies of another subject", "Juice is allowed in the hall if the carton is sealed.",
     "The hall can be booked by members. Food is not allowed in the hall; juice in sealed cartons is fine."),
    ("'two years later' from a year", "The first female astronaut flew two years later, in 1963.",
     "The first human spaceflight took place in 1961. The first woman in space flew two years later."),
    ("a count before a number word with a unit", "Carers get a free ticket for helping at two four-hour sessions.",
     "Carers who help at two sessions of four hours get a free ticket. Sessions start at 10 a.m."),
    ("'never closed' for '24 hours a day'", "During the festival the square is never closed.",
     "The square is open 24 hours a day during the festival. Otherwise it closes at midnight."),
    ("'only once' for 'when'", "Water seedlings only once the top of the soil is dry.",
     "Seedlings should be watered when the top of the soil is dry. Keep them out of direct sun."),
    ("the other side of a bound, said by 'anything longer'", "Anything longer than 2 metres must go by freight.",
     "Parcels up to 2 metres long go by post, and anything longer must go by freight."),
    ("'every' for 'each', the sentence's conditions in another clause", "Every lesson closes with a short test.",
     "The course has ten lessons. Each lesson ends with a short test, and a badge is given to pupils who pass at "
     "least eight tests."),
    ("'all ten' counts a set", "A pupil who passes all ten tests gets a badge.",
     "The course has ten lessons. Each lesson ends with a short test, and a badge is given to pupils who pass at "
     "least eight tests."),
    ("'one bus an hour' for 'every hour'", "At night there is one bus an hour to the airport.",
     "Buses to the airport run every 15 minutes by day and every hour at night. The first bus leaves at 5 a.m."),
    ("'at any hour' for 'open 24 hours'", "Residents with a fob can enter at any hour.",
     "The gym is open 24 hours to residents with a fob. Guests can use it from 7 a.m. to 9 p.m. only."),
    ("'the whole course' for 'in full'", "A failed project means redoing the whole course.",
     "A second failed project means the course must be repeated in full. Projects are marked within two weeks."),
    ("two times of day 'daily' are twice a day", "The goats are fed twice a day.",
     "The farm's goat feeding takes place at 10 a.m. and 4 p.m. daily. Children may help but must wash their hands."),
    ("'no ... is ...er than X' for 'X is the ...est'", "No city on the tour is older than Rome.",
     "Rome is the oldest city on the tour, but Milan is the busiest. The tour ends in Venice."),
    ("what befalls things that failed a duty, joined to its deadline",
     "Bikes not returned to a dock within 12 hours cost the rider a late fee.",
     "Hire bikes must be returned to a dock within 12 hours. After that the rider is charged a late fee of 10 EUR."),
    ("the statement after 'After that' joined to the deadline before it",
     "Parcels not picked up from the shop within five days go back to the warehouse.",
     "Parcels delivered to the corner shop must be picked up within five days. After that they are returned to the "
     "warehouse, where they are kept for a month."),
    ("'no longer' for 'stop' of the case the source names", "Adult cats no longer drink milk.",
     "Kittens drink milk while they are small. Adult cats stop drinking milk and eat solid food."),
    ("a value past a deadline given what befalls those past it",
     "A bag arriving at 9:30 p.m. is not loaded onto the ferry.",
     "Bags must be checked in by 9 p.m.; those arriving later are not loaded onto the ferry."),
    ("'always' for 'permanently'", "After the season ends, the north gate is always closed.",
     "After the season ends, the north gate is closed permanently. The south gate stays open."),
    ("'never more than' for 'at most'", "Walking groups never have more than eight walkers.",
     "Walking groups have at most eight walkers and leave at 9 a.m. from the car park."),
    ("'must' for 'can ... only before', said of those who want to",
     "Hotel guests who want to drive in must do so before 10 a.m.",
     "During the festival the old town is closed to cars. Hotel guests can drive in only before 10 a.m. Taxis wait "
     "at the gate."),
    ("the rule said of a case 'unless' does not except", "An idle printer switches itself off after 20 minutes.",
     "The printer switches itself off after 20 minutes unless it is printing. Paper is in the drawer below."),
    ("the year the source dates 'a year later'", "The album was released in the US in 2002.",
     "The album was released in the UK in 2001 and in the US a year later, with two extra songs. It sold a million "
     "copies."),
    ("the contrary of the rule said of the case it excepts",
     "An app built for version 2 that uses the old login screen will stop running on version 3.",
     "Apps built for version 2 keep running on version 3, except those that use the old login screen. Updates are "
     "free."),
    ("'does not run after' the end of the span the source gives",
     "In summer the ferry does not run after 9 p.m.",
     "The ferry runs hourly from 7 a.m. until 9 p.m. in summer. In winter it runs every two hours."),
    ("a refusal of the act the source denies beside one it grants",
     "Gift cards cannot be refunded, but they can be topped up.",
     "Gift cards can be topped up online but not refunded. They never expire."),
    ("'no charge' where the sentence after says 'It is free'", "There is no charge for parent yoga.",
     "Parent yoga runs on Thursdays at the community centre. It is free, but mats must be brought from home."),
    ("'at the age of 39' for 'aged 39'", "Chopin died in Paris at the age of 39.",
     "Chopin was born in Poland in 1810 and died in Paris in 1849, aged 39. He gave his first concert at the age of "
     "seven."),
    ("a rate whose figure the source says bare after another's", "In colour, the scanner manages 18 pages a minute.",
     "The scanner reads 30 pages a minute in grey and 18 in colour. It has a 50-sheet feeder."),
    ("'no players younger than 16' for 'the youngest player is 16'", "The club has no players younger than 16.",
     "The club's youngest player is 16 and its oldest 41. Training is on Tuesdays."),
    ("the birth year plus the age the source gives", "Marie Curie won her first Nobel Prize in 1903.",
     "Marie Curie was born in Warsaw in 1867. She won her first Nobel Prize at the age of 36, and a second one later."),
    ("'no country has more X than Y' for 'Y has more X than any other country'",
     "No country in Europe has more fjords than Norway.",
     "Norway has more fjords than any other country in Europe. The longest, Sognefjord, is over 200 km long."),
    ("'only' for 'reserved for'", "Only first-class passengers can use the upper deck.",
     "The upper deck is reserved for first-class passengers. Others may use the café on the lower deck."),
    ("'one year' for the source's 'its year', no amount of years given",
     "On the planet Zorn, one day lasts longer than one year.",
     "The planet Zorn spins slowly: a day on Zorn is longer than its year. It has three moons."),
    ("'almost 300 years' for 'nearly three centuries'", "Monks lived in the abbey for almost 300 years.",
     "The abbey housed monks for nearly three centuries before it was closed. Its library survives."),
    ("'pay nothing for' what the source says is free", "Members pay nothing for towels.",
     "Towels are free for members, and lockers cost 1 EUR. The pool opens at 7 a.m."),
    ("a year a span of years before the year the source gives", "Digging of the canal began in 1889.",
     "The canal opened in 1894 after five years of digging. It is 58 km long."),
    ("'as long as you like' for the case another sentence says has no limit",
     "On Saturdays you can stay in the car park for as long as you like.",
     "Stays in the car park are limited to three hours on weekdays. There is no limit on Saturdays."),
    ("'only X' more than Y for 'more than any other except X'",
     "Only Ethiopia has won more medals than Kenya in the region.",
     "Kenya has won 25 medals, more than any other country in the region except Ethiopia. Most are in running."),
    ("'as many ... a month as they like' for 'no monthly limit'",
     "Subscribers can watch as many films a month as they like.",
     "A basic pass gives four films a month; subscribers have no monthly limit. Snacks are extra."),
    ("a verb whose forms stem apart names no other thing ('takes' and 'take')",
     "A standard visa application takes roughly four weeks.",
     "Visa applications take about four weeks. The priority service, which costs 90 EUR extra, takes five days."),
    ("'twice the rate' for 'or double'", "On bank holidays, night shifts are paid at twice the base rate.",
     "Night shifts are paid at 1.25 times the base rate, or double on bank holidays. Shifts are booked online."),
    ("twice an amount of what the source says 'doubles' it", "The team tier comes with 10 users.",
     "The standard tier gives 50 GB and 5 users. The team tier doubles both and adds priority support."),
    ("a number of years spanned by two years the source joins", "Building the cathedral took 38 years.",
     "The cathedral was built from 1220 to 1258. Its spire, added 200 years later, was struck by lightning in "
     "1561."),
    ("'about' that many years", "Building the cathedral took about 40 years.",
     "The cathedral was built from 1220 to 1258. Its spire, added 200 years later, was struck by lightning in "
     "1561."),
    ("'not after' for 'only before'", "Lorries may not unload after 10 a.m.",
     "Residents can park in the square, but lorries may only unload before 10 a.m. Bins are emptied on Tuesdays."),
    ("a refusal another sentence words as 'not open' for the claim's case",
     "Year 7 pupils cannot use the library on Mondays.",
     "Pupils can use the library during lunch. Mondays are not open library days for year 7 pupils."),
    ("a claim that names both sides where the source says 'either side'",
     "During the trial period, either the employer or the employee may end the contract with a week's notice.",
     "New employees serve a three-month trial period, during which either side may end the contract with a week's "
     "notice. After it, the notice is one month."),
    ("a part said in other words that the model reads", "The backup app restores the newest backup and removes it "
     "from the backup list.", "The backup app reapplies the most recent backup and removes it from the backup list."),
    # a case named by a value on either side of the source's bound, said of that side
    ("case outside a bound, denied", "A 12-year-old cannot come to the climbing wall as a member's guest.",
     "Members can bring a guest to the climbing wall if the guest is at least 14 years old. Guests pay 8 EUR a visit."),
    ("case inside a ceiling", "A 1.5 kg parcel can go by economy post.",
     "Parcels sent by economy post may weigh no more than 2 kg. Economy post takes four to six working days."),
    ("case outside a ceiling, denied", "A 3 kg parcel cannot be sent by economy post.",
     "Parcels sent by economy post may weigh no more than 2 kg. Economy post takes four to six working days."),
    ("case inside a clock floor", "An appointment beginning at 7 p.m. carries the late-opening surcharge.",
     "The late-opening surcharge applies to appointments that begin after 6 p.m. It is 15 EUR."),
    ("case outside a clock floor, denied", "An appointment beginning at 5 p.m. carries no late-opening surcharge.",
     "The late-opening surcharge applies to appointments that begin after 6 p.m. It is 15 EUR."),
    ("the claim's days given that value", "On Sundays the library opens at 11 a.m.",
     "The library opens at 9 a.m. on weekdays and at 11 a.m. at weekends."),
    ("closing at the end of the open span", "On a Friday the museum closes at 5 p.m.",
     "The museum is open to visitors from 10 a.m. to 5 p.m. on weekdays and from 9 a.m. to 6 p.m. at weekends."),
    ("free, with the act in another clause", "Borrowing magazines costs nothing.",
     "Members borrow up to 10 items at a time. Games can be borrowed for a week and cost 1 EUR each; magazines are free."),
    ("the case a requirement excepts", "On a Saturday, visitors can park in the staff car park without a permit.",
     "Parking in the staff car park needs a permit, except on Saturdays, when it is open to everyone."),
    ("a case outside an 'only' set, denied", "A bicycle cannot be taken into the quiet coach.",
     "On trains, bicycles are allowed in the front coach only. Dogs travel free."),
    ("a day outside an 'only' set, denied", "Deliveries may not be made to the loading bay on Saturdays.",
     "Deliveries may be made to the loading bay on weekdays only."),
    ("a day outside an 'only' set of a bounded group, denied", "A 12-year-old cannot climb on a Wednesday evening.",
     "The climbing wall is open to under-14s only on Sunday afternoons, with an instructor."),
    ("a rate in cents times a count", "A DVD returned four days late is charged 2 EUR.",
     "Overdue DVDs are charged 50 cents per day, up to 10 EUR per disc."),
    ("a lead time short of a floor, called late", "Booking a session 12 hours before it is too late.",
     "Dog walkers must book sessions at least 24 hours in advance."),
    ("an ordinal period inside a first span", "A new starter in their third week cannot book leave.",
     "New starters cannot book leave during the first four weeks of their contract."),
    ("an amount paid for each, times a count", "Completing three shifts earns vouchers worth 60 EUR.",
     "Volunteers receive a voucher worth 20 EUR for each shift they complete."),
    ("no duty for the subject the next clause frees", "A motorbike can park there without a permit.",
     "Coaches need a parking permit; motorbikes and cars do not."),
    ("case inside an eligibility range", "A two-year-old can join the toddler group.",
     "The toddler group is for children from one to three years old. Sessions run on Tuesday mornings."),
    ("case outside an eligibility range, denied", "A nine-year-old cannot join the toddler group.",
     "The toddler group is for children from one to three years old. Sessions run on Tuesday mornings."),
    ("a lead time inside a deadline", "A booking can be changed two days before the tour.",
     "Bookings can be changed up to 24 hours before the tour starts."),
    ("a thing named by a value after a preposition", "No photo ID is needed for a parcel worth 30 EUR.",
     "Photo ID is needed to collect parcels worth more than 50 EUR."),
    ("an act named by a gerund", "Returning the car at 8 p.m. costs 20 EUR.",
     "Cars are due back by 6 p.m. Late return until 9 p.m. costs 20 EUR."),
    ("the phase the value is given for", "After the trial, the notice period is four weeks.",
     "New members start with a trial of three months. During the trial, members can cancel with two days' notice; "
     "afterwards the notice period is four weeks."),
    ("a price past a free allowance", "Washing six shirts in a week costs 4 EUR.",
     "Up to four shirts are washed free each week; each further shirt costs 2 EUR."),
    ("two values of two sentences", "During the three-month trial, two days' notice is enough to cancel.",
     "New members start with a trial of three months. During the trial, members can cancel with two days' notice; "
     "afterwards the notice period is four weeks."),
]

WRONG += [
    ("a statement the source calls a myth", "Goldfish have a memory of only three seconds.",
     "Goldfish have a memory of only three seconds is a popular myth: they can remember things for months.",
     "calls this untrue"),
    ("'it is a misconception that' before the statement", "Bats are blind.",
     "It is a common misconception that bats are blind. Most species can see, and many also use echolocation.",
     "calls this untrue"),
    ("a pronoun subject after an opening phrase, denied", "The tomato is a vegetable.",
     "The tomato is often cooked with onions. Botanically speaking, it is a fruit, not a vegetable.", "negation"),
    ("'carry no' what the claim says is done to them", "Day tickets are discounted for students.",
     "Season tickets are discounted for students. Day tickets carry no discounts.", "negation"),
]
RIGHT += [
    ("a claim the myth's denial says the opposite of, stated elsewhere",
     "The Eiffel Tower grows about 15 cm taller in summer.",
     "The Eiffel Tower never changes height is a myth: it grows about 15 cm taller in summer as the iron expands."),
    ("a pronoun subject after an opening phrase", "The tomato is a fruit.",
     "The tomato is often cooked with onions. Botanically speaking, it is a fruit, not a vegetable."),
    ("a value in the class the next sentence opens with, on the other side of the bound",
     "A two-day trip needs a week's approval.",
     "Trips must be approved at least a month ahead when they are longer than a week. Shorter trips need a week's "
     "approval."),
    ("another thing's amount the source gives by a difference", "The standard room costs 90 EUR a night.",
     "The budget room has no window. It costs 65 EUR a night, 25 EUR less than the standard room."),
]
WRONG += [
    ("a difference read for the thing it is given from", "The budget room costs 90 EUR a night.",
     "The budget room has no window. It costs 65 EUR a night, 25 EUR less than the standard room.", "number"),
    ("a value in the class the next sentence opens with, another amount for it", "A two-day trip needs a month's "
     "approval.",
     "Trips must be approved at least a month ahead when they are longer than a week. Shorter trips need a week's "
     "approval.", "number"),
]

WRONG += [
    ("a vague magnitude against the count the source bounds", "A few hundred kinds of birds nest on the island.",
     "The island is a nature reserve. More than 2,000 species of birds nest there every spring.", "number"),
    ("'lunch but not the dinner': the left-out item included", "The course fee includes the farewell dinner.",
     "The course fee includes all coffee breaks but not the farewell dinner, which is 30 EUR extra.", "negation"),
    ("the item a 'but not' leaves out, said of what it includes", "Coffee breaks are not included in the course "
     "fee.", "The course fee includes all coffee breaks but not the farewell dinner, which is 30 EUR extra.",
     "negation"),
    ("a value of the class the next sentence opens with, given the bound's own amount",
     "A parcel of 10 kg costs 12 EUR to send.",
     "Parcels over 20 kg cost 12 EUR to send. Lighter parcels cost 7 EUR, and tracking costs 2 EUR more.",
     "number"),
]
RIGHT += [
    ("a vague magnitude within the count the source gives", "Thousands of kinds of birds nest on the island.",
     "The island is a nature reserve. More than 2,000 species of birds nest there every spring."),
    ("'all at once' is a manner, no scope", "A voucher's balance does not need to be spent all at once.",
     "Vouchers are valid for a year. The balance can be spent across several purchases."),
    ("what 'but not' leaves out, denied", "The farewell dinner is not included in the course fee.",
     "The course fee includes all coffee breaks but not the farewell dinner, which is 30 EUR extra."),
    ("a noun for the verb the statement uses ('delivery', 'delivers')", "Delivery is free on orders above 60 EUR.",
     "The store delivers free of charge on orders over 60 EUR. Next-day delivery costs 8 EUR whatever the order."),
    ("a value of the class the next sentence opens with, after 'over'", "A parcel of 10 kg costs 7 EUR to send.",
     "Parcels over 20 kg cost 12 EUR to send. Lighter parcels cost 7 EUR, and tracking costs 2 EUR more."),
    ("the pronoun object of an opening gerund", "Keeping batteries in a hot car shortens their life.",
     "Batteries last longest at room temperature. Leaving them in a hot car shortens their life."),
]

WRONG += [
    ("an item the list leaves out, which another sentence sends elsewhere", "The depot accepts batteries.",
     "The depot accepts cardboard, metal and old furniture. Batteries and oil must go to the chemical drop-off.",
     "adds 'batteries'"),
    ("a value paired with a time that fails the bound its sentence gives", "A swimmer at 8 a.m. pays 6 EUR.",
     "Swimming is free for residents from 6 a.m. to 9 a.m. After 9 a.m. a session costs 6 EUR.", "number"),
    ("a value paired with a length of service short of the one its sentence gives",
     "Staff with two years of service get five days of paid training.",
     "Staff with two years of service get two days of paid training. After six years they get five days.",
     "number"),
    ("the first one's time inside a bound, said as an endpoint", "The last ferry leaves at 10 p.m.",
     "Ferries leave every half hour until 7 p.m. After 7 p.m. they leave every hour until 11 p.m.", "number"),
    ("'gets shorter' for 'grows taller'", "The glacier gets about 30 metres shorter every year.",
     "The glacier grows about 30 metres longer every year as snow piles up. It is 12 km long.", "opposite"),
    ("another reason for what the source says", "The bridge was closed because of flooding.",
     "The bridge was closed because cracks were found in its supports. It reopens in May.", "reason"),
]
RIGHT += [
    ("a value paired with a time that meets the bound its sentence gives", "A swimmer at 10 a.m. pays 6 EUR.",
     "Swimming is free for residents from 6 a.m. to 9 a.m. After 9 a.m. a session costs 6 EUR."),
    ("the same reason in other words", "The bridge was closed because its supports were cracked.",
     "The bridge was closed because its supports were found to be cracked. It reopens in May."),
    ("a denial the subject's own clause words as 'free'", "Members' partners do not have to pay the entry fee.",
     "Visitors must book ahead and pay a 15 EUR entry fee; members' partners get in free."),
]

WRONG += [
    ("one of two joined conditions left out", "Residents over 65 may park in the square for free.",
     "Residents may park in the square for free only if they are over 65 and hold a blue badge.", "blue badge"),
    ("'closer' for 'away'", "The comet is moving closer to the Sun by about 2 km a second.",
     "The comet is moving away from the Sun by about 2 km a second. It was discovered in 1997.", "opposite"),
    ("a value inside the 'only' bound, denied", "Year 12 students may not use the study room after school.",
     "Students may use the study room after school only if they are in year 11 or above.", "negation"),
]
RIGHT += [
    ("both joined conditions kept", "Residents over 65 with a blue badge may park in the square for free.",
     "Residents may park in the square for free only if they are over 65 and hold a blue badge."),
    ("a value the 'only' bound leaves out, denied", "Year 9 students may not use the study room after school.",
     "Students may use the study room after school only if they are in year 11 or above."),
    ("an opening gerund names the subject, it affirms no act", "Washing a wool jumper in hot water shrinks it.",
     "Wool jumpers should not be washed in hot water, as heat shrinks the fibres. Dry them flat."),
]

WRONG += [
    ("a multiple in words against another multiple", "Night shifts are paid at double the base rate.",
     "Night shifts are paid at one and a half times the base rate. Breaks are unpaid.", "number"),
    ("a rate counted over a longer period, wrongly", "Trainees earn 30 hours of study time a year.",
     "Trainees earn 2 hours of study time for each full month of service.", "number"),
    ("the condition replaced by 'every day'", "Staff receive a meal allowance of 8 EUR on every day they work.",
     "Staff who work at weekends receive a meal allowance of 8 EUR. Overtime is paid monthly.", "scope"),
    ("a clause after a semicolon denies the claim's thing", "Lockers can be booked in advance.",
     "Meeting rooms can be booked up to a month in advance and cancelled online; lockers are given out "
     "on arrival and cannot be booked.", "negation"),
    ("a means of payment the source never names", "Deposits are returned by bank transfer within 14 days.",
     "Deposits are returned within 14 days of the end of the tenancy, less any cleaning costs.", "addition"),
    ("'do not need a' for a thing the source requires", "Cyclists do not need a helmet on the forest trail.",
     "All cyclists on the forest trail must wear a helmet. E-bikes are limited to 25 km/h.", "modality"),
    ("a denial bounded in time, said outright", "Pets are not allowed in the holiday flats at all.",
     "Pets are not allowed in the holiday flats during the summer season. Guests must not smoke indoors.", "scope"),
]
RIGHT += [
    ("a percentage above 100 of a rate is a multiple", "Sunday shifts pay 150% of the normal hourly rate.",
     "Sunday shifts are paid at one and a half times the normal hourly rate. Breaks are unpaid."),
    ("a rate counted over a year that holds it twelve times", "Volunteers build up 24 hours of training credit a year.",
     "Volunteers build up 2 hours of training credit for each full month they serve."),
    ("a value of the first statement, named by its own words", "On Saturdays the cafe closes at 3 p.m.",
     "The cafe is open from 7 a.m. to 6 p.m. on weekdays and from 8 a.m. to 3 p.m. on Saturdays. It is closed "
     "on Sundays, except for brunch, which runs from 10 a.m. to 2 p.m."),
    ("a means the source names in other words", "Refunds are paid back to your card.",
     "Refunds are paid to the credit card used for the purchase within five working days."),
    ("'do not need a' for those the duty leaves out", "Residents do not need a parking permit in the old town.",
     "Drivers who are not residents must display a parking permit in the old town."),
    ("a time-bounded denial of another item, said outright", "Smoking is not allowed on the balconies at all.",
     "Pets are not allowed in the flats during the summer season, and smoking is not allowed on the balconies."),
]

WRONG += [
    ("closed on a day the source gives hours for", "The bakery is closed on Sundays.",
     "The bakery opens at 6 a.m. every day. It closes at 7 p.m. on weekdays and at noon on Sundays.", "opposite"),
    ("'as often as needed' against a count", "Passwords can be reset as often as needed through the portal.",
     "Passwords can be reset twice a day through the portal. After that, call the help desk.", "scope"),
    ("a start time made a deadline", "Visitors must arrive by 9 a.m. for the guided walk.",
     "Visitors can join the guided walk from 9 a.m. and must leave the reserve by sunset.", "number"),
    ("a time within a span kept for others", "Residents may use the hall on Fridays at 5 p.m.",
     "The community hall is booked for the youth club on Fridays from 4 to 7 p.m. At other times residents "
     "may use it.", "at other times"),
]
RIGHT += [
    ("a time inside a span whose half of the day is said once", "A guided tour at 10 a.m. costs 8 EUR.",
     "Guided tours run between 9 and 11 a.m. and cost 8 EUR. Afternoon visits are self-guided."),
    ("'limited to' for 'up to'", "Overtime is limited to ten hours a week.",
     "Staff may work up to ten hours of overtime a week. Overtime must be agreed in advance."),
    ("'after' a time for 'from' it", "Guests can check in after 2 p.m.",
     "Guests can check in from 2 p.m. and must check out by 10 a.m. A late checkout until 1 p.m. costs 15 EUR."),
    ("a refusal of those who have not met the grant's condition", "Trainees on probation cannot work from home yet.",
     "Trainees can work from home once they have completed their six-month probation."),
    ("'first month' for 'first 30 days'", "A phone returned in its first month gets a full refund.",
     "Phones returned within the first 30 days get a full refund. After that, a 10% fee applies."),
    ("a time outside a span kept for others", "Residents may use the hall on Fridays at 8 p.m.",
     "The community hall is booked for the youth club on Fridays from 4 to 7 p.m. At other times residents "
     "may use it."),
]

WRONG += [
    ("'no' opening a clause after 'and'", "Deposits are returned when the booking is cancelled.",
     "Bookings can be cancelled up to a week before arrival; cancellations are confirmed by email, and no "
     "deposits are returned.", "negation"),
    ("'immediately' where the source puts it off", "Address changes take effect immediately.",
     "You can change your address online at any time; changes take effect from the next billing month.",
     "opposite"),
    ("what lies outside an 'only' set", "Dogs may be walked off the lead in parks other than the Meadow.",
     "Dogs may only be walked off the lead in the Meadow. Elsewhere they must be kept on a lead.", "opposite"),
]
RIGHT += [
    ("the exception's own clause restated", "On bank holidays staff may wear casual clothes.",
     "Staff must wear the company uniform on all working days except bank holidays, when casual clothes are "
     "allowed."),
    ("'a day's' for a daily amount", "A day's bike hire costs at most 20 EUR.",
     "Bike hire is free for the first two hours. After that it costs 4 EUR per hour, up to a daily maximum of 20 EUR."),
    ("'at the end of the month' restated, not 'immediately'", "Upgrades take effect at the end of the month.",
     "Plans can be upgraded at any time; upgrades take effect at the end of the month."),
]

WRONG += [
    ("a count per period with its own period", "Members can book up to six guest nights each year.",
     "Members can book up to three guest nights each year at the member rate. Extra nights cost 40 EUR.",
     "number"),
    ("a span of months moved", "The outdoor pool is open from June to September.",
     "The outdoor pool is open from May to September, weather permitting. Lessons start in June.",
     "the span"),
    ("a thing the source keeps for others", "Visitors may use the staff car park.",
     "Visitors should park on Mill Road; the staff car park is reserved for employees.", "entity"),
    ("a duration past the threshold said as the threshold", "After four years of membership, the fee drops to 20 EUR.",
     "After two years of membership, the fee drops to 20 EUR. New members pay 30 EUR.", "number"),
]
RIGHT += [
    ("'only covered if' for 'excluded, unless'", "Theft is only covered if you bought the premium plan.",
     "Accidental damage is covered for two years. Theft and loss are excluded, unless you bought the premium plan."),
    ("a duration past a threshold 'after' counts from", "A member of five years pays 20 EUR.",
     "After two years of membership, the fee drops to 20 EUR. New members pay 30 EUR."),
    ("the group a thing is kept for", "Employees may use the staff car park.",
     "Visitors should park on Mill Road; the staff car park is reserved for employees."),
]

WRONG += [
    ("a lower bound moved inside the source's", "Members more than three months behind on fees are suspended.",
     "Members who pay fees late are sent a reminder. Members more than a month behind on fees are suspended.",
     "bound"),
    ("done without the consent a grant needs", "Staff may work abroad without asking their manager.",
     "Staff may work abroad for up to four weeks a year with their manager's prior approval.", "without"),
    ("free where the source charges a share", "Currency exchange at the counter is free.",
     "Currency exchange at the counter costs 1.5% of the amount. Card payments abroad are free.", "price"),
]
RIGHT += [
    ("a time past the deadline called late", "A form handed in at 5 p.m. on the closing day is late.",
     "Forms must reach the office by 4 p.m. on the closing day. Late forms are not processed."),
    ("a time before the deadline called on time", "A form handed in at 3 p.m. on the closing day is on time.",
     "Forms must reach the office by 4 p.m. on the closing day. Late forms are not processed."),
]

WRONG += [
    ("a price per term for one per year", "Locker hire costs 40 EUR a term.",
     "Students can hire a locker for 40 EUR a year. Keys must be returned in June.", "number"),
    ("a denial in the clause that holds the claim", "Used swimwear can be exchanged.",
     "Unworn shoes can be exchanged within 30 days, and swimwear cannot be exchanged once used.", "negation"),
    ("working weeks that are not the working days", "The course lasts three working weeks.",
     "The course lasts ten working days and ends with an exam.", "number"),
]
RIGHT += [
    ("working weeks for working days", "The course lasts two working weeks.",
     "The course lasts ten working days and ends with an exam."),
    ("'24 hours a day' for 'around the clock'", "The emergency line is staffed 24 hours a day.",
     "The office is open from 9 a.m. to 5 p.m. The emergency line is staffed around the clock."),
    ("a tenure past the one counted from", "A worker with 15 months of service can ask for a sabbatical.",
     "Staff can ask for a sabbatical after 12 months of employment. It is unpaid."),
    ("'not paid' for 'unpaid'", "Staff are not paid during a sabbatical.",
     "Staff can ask for a sabbatical after 12 months of employment. It is unpaid."),
    ("'not refundable' for 'non-refundable'", "Booking fees are not refundable.",
     "Booking fees are non-refundable. Tickets can be exchanged once."),
]

WRONG += [
    ("a share's lower bound moved", "At least a third of the seats are kept for season-ticket holders.",
     "At least half of the seats are kept for season-ticket holders. The rest go on general sale.", "number"),
    ("a word said of what the source calls its negative form", "Staff are paid during a sabbatical.",
     "Staff can ask for a sabbatical after 12 months of employment. It is unpaid.", "opposite"),
]

WRONG += [
    ("without what a grant 'only when' needs", "Apprentices may weld without supervision.",
     "Apprentices may weld only when supervised by a qualified welder. Safety boots must be worn.", "without"),
    ("access kept for some, given to others", "Visitors may enter the plant room.",
     "Visitors must sign in at the front desk. Access to the plant room is restricted to maintenance staff.",
     "entity"),
]
RIGHT += [
    ("a value outside an 'only' range, denied", "Pupils in year 9 cannot take the exchange trip.",
     "The exchange trip is open only to pupils in years 10 to 12. Places are limited to 30."),
]

WRONG += [
    ("a bound without the approval that lifts it", "No more than 30 guests can be invited.",
     "Bookings open in March. No more than 30 guests can be invited without the manager's approval.", "scope"),
    ("what only the refusal names, allowed", "Tobacco can be claimed as part of food expenses.",
     "Staff who travel for work can claim up to 40 EUR a day for food. Tobacco cannot be claimed, and "
     "receipts are needed for all claims over 10 EUR.", "negation"),
]

RIGHT += [
    ("a month inside the range a sentence about half the claim gives", "In May, cats have to be kept indoors at the shelter.",
     "Cats must stay indoors between April and June while the garden is rebuilt. The shelter opens at 10 a.m."),
    ("a percentage for a share in words", "Members get 25% off evening classes.",
     "Members get a quarter off evening classes. Day classes are full price."),
    ("a light verb names no other thing", "Customers on a two-year contract pay nothing for the router.",
     "The router is free for customers on a 24-month contract. Customers on a 12-month contract pay 30 EUR for it."),
]

RIGHT += [
    ("an amount that meets a condition cut from its currency", "A domestic basket of 95 EUR ships free.",
     "Baskets over 70 EUR ship free within the country. International baskets are charged 20 EUR shipping, "
     "whatever their value."),
]


# thirty-third session: sets p92-p96 (bench/data/everyday-probes.jsonl), each phenomenon both ways
WRONG += [
    ("'during' for 'outside', the source's words around it left out",
     "Dogs are allowed on the beach during the summer months.",
     "Dogs are allowed on the beach outside the busy summer months. Owners must clean up after them.", "opposite"),
    ("'at any time' where the sentence sets when", "Staff can cash in their shares at any time.",
     "Staff can cash in their shares before they leave the company. Shares pay a dividend each spring.", "scope"),
    ("brought by people where the source provides it", "Campers must bring their own tents.",
     "Tents are provided at every pitch. Campers should bring sleeping bags.", "entity"),
    ("paid by people where the source pays it back", "Trainees pay their own course fees.",
     "Course fees are reimbursed for all trainees who finish the course.", "entity"),
    ("without what 'must sign' makes a duty", "Visitors can enter the lab without a signed safety form.",
     "All visitors must sign a safety form before entering the lab. Goggles are handed out at the door.", "negation"),
    ("without ID that the source requires", "Parcels can be collected without ID.",
     "Parcels are held for seven days. Collection requires photo ID.", "negation"),
    ("in full where the source deducts a charge", "The booking fee is refunded in full.",
     "If you cancel, the booking fee is refunded minus a 5 EUR admin charge.", "scope"),
    ("the other party of a deal as the one who acts", "The hotel pays for parking.",
     "Guests pay for parking at 12 EUR a night. Breakfast is included.", "reversed"),
    ("a count of times against a bound on things", "Library loans can be extended three times.",
     "Library loans can be extended once. Members may borrow at most ten items.", "number"),
    ("a count of other things than the bound counts", "The course has nine units.",
     "The course has six units. Learners must pass at least seven quizzes to get the certificate.", "number"),
    ("a price for the subject of a short claim said free", "Visitors park for free.",
     "Residents park in the square. Each visitor pays a 3 EUR day fee.", "price"),
    ("'stay valid' for 'will be cancelled'", "Tickets bought from touts stay valid.",
     "Tickets bought from touts will be cancelled. Refunds are given only by the club.", "opposite"),
    ("'upstream' for 'downstream'", "Camping upstream of the dam is allowed.",
     "Camping is allowed downstream of the dam.", "opposite"),
    ("a value inside the bound called too much", "A 20 kg suitcase is too heavy.",
     "Checked suitcases must not weigh more than 23 kg.", "number"),
    ("a count below the bound, said to reach it", "A reader with five books on loan cannot borrow another.",
     "Readers may have at most eight books on loan at any one time.", "number"),
    ("a rate within the bound, denied", "A tenant cannot host guests for three nights in one month.",
     "Tenants may host overnight guests for up to four nights a month.", "number"),
    ("a count within what may be carried over, denied", "Staff cannot carry over four unused days.",
     "Up to six unused days can be carried over into the next year.", "number"),
    ("a lead time past the window a booking opens", "Members can book a lane ten days ahead.",
     "Members may book a lane up to a week ahead.", "number"),
    ("a product against a price for each", "Three extra towels cost 9 EUR.",
     "Extra towels cost 2 EUR each.", "number"),
    ("a time outside the opening hours", "Residents can use the gym at 2 a.m.",
     "Residents can use the gym from 6 a.m. to 11 p.m.", "number"),
    ("a case the source's conditioned sentence answers, denied", "Tickets for a cancelled match are not refunded.",
     "Match tickets are non-refundable. If the match is cancelled, ticket holders get a full refund.", "negation"),
    ("a kind the source allows at all times, said banned", "Folding scooters are banned during peak hours.",
     "Scooters may be taken on buses outside peak hours. Folding scooters are allowed at all times if folded.",
     "negation"),
]
RIGHT += [
    ("'outside' kept, the words around it left out", "Dogs are allowed on the beach outside the summer months.",
     "Dogs are allowed on the beach outside the busy summer months. Owners must clean up after them."),
    ("'at any time' where a sentence about the claim's subject says so",
     "Folding scooters can be taken on buses at any time.",
     "Scooters may be taken on buses outside peak hours. Folding scooters are allowed at all times if folded."),
    ("a duty stated with 'cannot ... without'", "Parcels cannot be collected without photo ID.",
     "Parcels are held for seven days. Collection requires photo ID."),
    ("a value outside the bound called too much", "A 25 kg suitcase is too heavy.",
     "Checked suitcases must not weigh more than 23 kg."),
    ("a count at the bound, one more denied", "A reader with eight books on loan cannot borrow another.",
     "Readers may have at most eight books on loan at any one time."),
    ("a rate past the bound, denied", "A tenant cannot host guests for five nights in one month.",
     "Tenants may host overnight guests for up to four nights a month."),
    ("a count past what may be carried over, denied", "Staff cannot carry over eight unused days.",
     "Up to six unused days can be carried over into the next year."),
    ("a lead time inside the window a booking opens", "Members can book a lane five days ahead.",
     "Members may book a lane up to a week ahead."),
    ("a product of a price for each", "Three extra towels cost 6 EUR.", "Extra towels cost 2 EUR each."),
    ("a time of day inside round-the-clock access", "Residents have access to the gym at 2 a.m.",
     "Residents have 24-hour access to the gym. Classes run in the evenings."),
    ("a denial inside the subject's relative clause", "A swimmer who is not a member pays 8 EUR.",
     "Members swim free on weekdays; swimmers who are not members pay 8 EUR."),
    ("'non-transferable' for 'cannot be transferred'", "Parking permits are non-transferable.",
     "Parking permits cannot be transferred to another car. They cost 40 EUR a year."),
    ("a price said with another price word", "Returning a hired bike late costs 10 EUR.",
     "Bikes returned late are charged a late fee of 10 EUR. Helmets are lent free."),
    ("adjuncts in another order", "Apprentices are at college two days a week.",
     "Apprentices spend three days a week at work and two days at college."),
    ("a light verb's noun made the verb", "Apprentices work three days a week.",
     "Apprentices spend three days a week at work and two days at college."),
    ("the case the conditioned sentence answers", "Tickets for a cancelled match are refunded.",
     "Match tickets are non-refundable. If the match is cancelled, ticket holders get a full refund."),
]


# thirty-third session: sets p97-p98
WRONG += [
    ("without what the source requires, said accepted", "Forms without a signature are accepted.",
     "Forms must be signed, or they will be returned.", "negation"),
    ("an amount for those the source lets in free", "Members pay 8 EUR for a guided tour.",
     "Guided tours cost 8 EUR, and members get in free.", "price"),
    ("all year round against a span between two months", "Dogs must be kept on a lead all year round.",
     "Dogs must be kept on a lead between March and June. Outside these months, they may run off the lead.", "scope"),
    ("every day where the source excepts one", "The pharmacy opens at 8 a.m. every day of the week.",
     "The pharmacy opens at 8 a.m. every day except Sunday.", "scope"),
    ("'whatever' against a bound 'or above'", "Students keep the bursary whatever their marks.",
     "Students must keep an average mark of 60 or above to keep the bursary.", "scope"),
]
RIGHT += [
    ("without the thing, and what is done to it", "A form without a signature is sent back.",
     "Forms must be signed, or they will be returned."),
    ("an amount for those the free statement does not name", "A non-member pays 8 EUR for a guided tour.",
     "Guided tours cost 8 EUR, and members get in free."),
    ("the month May inside a span", "In May, dogs on the common must be on a lead.",
     "Dogs must be kept on a lead on the common between March and June."),
    ("a month outside the span, said of by the sentence after", "In November dogs may run off the lead.",
     "Dogs must be kept on a lead between March and June. Outside these months, they may run off the lead."),
    ("the excepted day's own clause", "The pharmacy is open on Sundays.",
     "The pharmacy opens at 8 a.m. every day except Sunday, when it opens at 10 a.m."),
    ("an amount first is no subject", "The 3 km tunnel opened in June 2019 after four years of work.",
     "The new tunnel is 3 km long. It took four years to build and opened in June 2019."),
]


# thirty-third session: set p99
WRONG += [
    ("a rate's period changed, its amount kept", "Each flat may use the laundry room twice per week.",
     "Each flat may use the laundry room twice per fortnight. Detergent is provided.", "number mismatch"),
    ("free where the statement about the claim's subject gives a fare", "Children aged 6 to 14 ride free.",
     "Children under 6 ride free on the tram. Children aged 6 to 14 pay half fare.", "price"),
    ("'still accepted' where the source says they will not be", "Late entries are still accepted.",
     "Entries received after the closing date of 1 June will not be accepted. The winner is announced in July.",
     "negation"),
    ("a date inside a named deadline, said past it", "An entry received on 20 May will not be accepted.",
     "Entries received after the closing date of 1 June will not be accepted.", "number"),
]
RIGHT += [
    ("a rate's period said in other words", "Each flat may use the laundry room twice every two weeks.",
     "Each flat may use the laundry room twice per fortnight. Detergent is provided."),
    ("a date past a named deadline", "An entry received on 3 June will not be accepted.",
     "Entries received after the closing date of 1 June will not be accepted."),
    ("one span longer than a yearly cap, the rule for longer ones",
     "A 30-day trip abroad needs the director's approval.",
     "Staff may travel abroad for up to 21 days a year with their manager's approval. Longer trips need the "
     "director's approval."),
    ("a fare said of the claim's case", "A 10-year-old pays half fare.",
     "Children under 6 ride free on the tram. Children aged 6 to 14 pay half fare."),
]


# thirty-third session: set p100
WRONG += [
    ("'not valid' on some days, said usable then", "Day passes can be used on gala days.",
     "Day passes give entry to all pools. They are not valid on gala days.", "negation"),
    ("a span short of an expiry, said expired", "A voucher issued three months ago has expired.",
     "Vouchers expire twelve months after they are issued.", "number"),
    ("a span past an expiry, said still valid", "A voucher issued 14 months ago is still valid.",
     "Vouchers expire twelve months after they are issued.", "number"),
]
RIGHT += [
    ("a span past an expiry", "A voucher issued 14 months ago has expired.",
     "Vouchers expire twelve months after they are issued."),
    ("a span short of an expiry, still valid", "A voucher issued three months ago is still valid.",
     "Vouchers expire twelve months after they are issued."),
    ("a fee the source waives for the claim's subject, denied", "Pensioners do not pay the booking fee.",
     "All tickets carry a booking fee of 2 EUR, which is waived for pensioners."),
]


# thirty-third session: set p101
WRONG += [
    ("a span past a free allowance, said free", "Parking for 40 minutes is free.",
     "The car park is free for the first 30 minutes. After that, it costs 1.50 EUR per hour.", "number"),
    ("more than a grant of one, said allowed", "A household can rent two plots.",
     "The garden has 40 plots. Each household may rent one plot.", "number"),
    ("a whole day against a bound of half a day", "The meeting room can be booked for a whole day.",
     "The meeting room seats 12. It can be booked for at most half a day at a time.", "scope"),
]
RIGHT += [
    ("a span inside a free allowance", "Parking for 20 minutes is free.",
     "The car park is free for the first 30 minutes. After that, it costs 1.50 EUR per hour."),
    ("more than a grant of one, denied", "A household cannot rent two plots.",
     "The garden has 40 plots. Each household may rent one plot."),
    ("an act twice, where the grant is once, denied", "A student cannot resit an exam twice.",
     "Students may resit an exam once. Resit marks are capped at 40%."),
    ("'a whole day of' measures, no scope", "A whole day of parking costs no more than 9 EUR.",
     "Parking costs 1.50 EUR per hour, with a maximum of 9 EUR per day."),
]


# thirty-third session: set p102
WRONG += [
    ("a value on one side given the other side's rule", "A party of ten can book online.",
     "Parties of more than six must book by phone. Smaller parties can book online.", "number"),
]
RIGHT += [
    ("a value past an 'after' threshold, the threshold's rule",
     "A swimmer still in the lake after two and a half hours must leave.",
     "Open-water sessions last two hours. Swimmers still in the lake after two hours must leave."),
    ("a value on the other side given that side's rule", "A party of four can book online.",
     "Parties of more than six must book by phone. Smaller parties can book online."),
]


# thirty-fourth session: set p103 (mixed domains)
WRONG += [
    ("a version the source gives another change", "The --quiet option was deprecated in release 2.6.",
     "Release 2.6 adds a dark theme. The --quiet option, deprecated in 2.3, is gone.", "number"),
    ("a removed thing said to work still", "The fax service is still available.",
     "Orders can be placed online or by phone. The fax service, little used since 2010, was discontinued.",
     "negation"),
    ("a state the source ends at a past year, said of now", "The hotel is the tallest building in the city.",
     "The hotel opened in 1929. It was the tallest building in the city until 1971.", "order"),
    ("'first' of the step the source puts second", "Ties are broken first by age.",
     "Candidates with equal marks are ranked by interview score, then by age.", "order"),
    ("a year counted back, said of the other event", "The school moved to its current site in 1885.",
     "The school moved to its current site in 1902, seventeen years after it was founded.", "number"),
]
RIGHT += [
    ("a dropped support said in the passive", "Support for Windows 8.1 was dropped in version 7.",
     "Version 7 drops support for Windows 8.1. Settings from version 6 are kept."),
    ("a fronted date moves as a whole", "Until 1971, the hotel was the tallest building in the city.",
     "The hotel opened in 1929. It was the tallest building in the city until 1971."),
    ("a year counted back from a stated one", "The school was founded in 1885.",
     "The school moved to its current site in 1902, seventeen years after it was founded."),
    ("'after' what the 'afterwards' clause says", "After the trial, the plan costs 12 EUR a month.",
     "New users get a 30-day trial. During the trial, the plan costs 3 EUR a month; afterwards it goes up to 12 EUR "
     "a month."),
    ("'only' who has what the act requires", "Only members can borrow laptops.",
     "Borrowing a laptop requires a membership card. Laptops must be returned the same day."),
    ("'in a month' as the period of a rate", "A third missed class in a month costs 10 EUR.",
     "Members may miss up to two classes per month; a third costs 10 EUR."),
    ("'two' of a relation among things", "If two bids are the same, the earlier one wins.",
     "Bids that are equal are decided by time: the earlier bid wins."),
]


# thirty-fourth session: set p104 (mixed domains)
WRONG += [
    ("a verb dated by another version of the sentence", "The memory leak was reported in 5.2.",
     "Version 5.2 fixes the memory leak reported in 5.1. Startup is also quicker.", "number"),
    ("a release at the claim's start given another's change", "Release 2.0 adds offline mode.",
     "Release 2.1 adds offline mode and fixes the sync bug found in 2.0.", "number"),
    ("a thing kept said to be removed", "The legacy API has been removed.",
     "The legacy API is still available but will not get new features. The new API is faster.", "negation"),
    ("a change said the other way, with no other side", "Uploads are slower in the new version.",
     "The new version makes uploads three times as fast. Downloads are unchanged.", "order"),
    ("an instruction's step said to be optional", "Rinsing the rice is optional.",
     "Rinse the rice twice, then cook it in salted water for 12 minutes.", "modality"),
]
RIGHT += [
    ("a duty denied by its subject ('no ... is required')", "No form is required to borrow a ladder.",
     "Members may borrow a ladder for the weekend. Forms are not needed for this."),
    ("an age inside 'until they turn'", "An 11-year-old can stay in the junior club.",
     "Children can stay in the junior club until they turn 12. Older children join the youth club."),
    ("a percentage worked out", "On a 2,000 EUR purchase, the cashback is 30 EUR.",
     "Card purchases earn cashback of 1.5% of the amount spent."),
    ("a year reached 'within' a span of years", "The bridge's tolls had paid for its construction by 1910.",
     "The toll bridge opened in 1898. Its tolls paid for the construction within twelve years."),
    ("an optional step said as 'if you like'", "Toasting the nuts is optional.",
     "Toast the nuts first if you like; it brings out their flavour."),
    ("the reason a 'since' clause gives", "Cooking the herbs for long dulls their flavour.",
     "Add the herbs only at the end, since cooking them for long dulls their flavour."),
    ("a change said the source's way", "Uploads are faster in the new version.",
     "The new version makes uploads three times as fast. Downloads are unchanged."),
]


# thirty-fourth session: set p105
WRONG += [
    ("'introduced' for 'abolished'", "The late fee was introduced in 2019.",
     "The late fee was abolished in 2019. Members now pay only the annual subscription.", "negation"),
    ("a thing scrapped, said to apply still", "Parking charges at the station still apply.",
     "Parking charges at the station were scrapped in 2021. The car park has 200 spaces.", "negation"),
    ("a closing time of weekdays given to Saturdays", "The pharmacy is open until 7 p.m. on Saturdays.",
     "The pharmacy is open on weekdays from 8 a.m. to 7 p.m. On Saturdays it opens from 10 a.m. to 1 p.m.", "number"),
    ("a grant without the only case it holds in", "Passengers may bring pets into the cabin.",
     "Passengers pay 40 EUR per pet. Pets are allowed only on flights shorter than three hours.", "scope"),
]
RIGHT += [
    ("'no charge since' for 'abolished in'", "Since 2021, there is no charge for parking at the station.",
     "Parking charges at the station were abolished in 2021. The car park has 200 spaces."),
    ("'stay in' for 'cannot be taken out of'", "Laptops must stay in the building.",
     "Staff may borrow headsets. Laptops cannot be taken out of the building."),
    ("'every' of a rule said of a whole kind", "Every expense claim must be signed by a manager.",
     "Expense claims must be signed by a manager. Claims over 500 EUR also need the finance director's signature."),
    ("a thing the 'only' leaves out of a case, denied", "In the second year, theft is not covered by the insurance.",
     "The insurance covers theft and fire damage in the first year and fire damage only in the second year."),
]


# thirty-fourth session: set p106 (mixed domains)
WRONG += [
    ("a duty said of the side the source only permits", "A shop with 12 staff must offer a pension.",
     "Shops with more than 20 staff must offer a pension. Smaller shops may offer one.", "modality"),
    ("an act the case does not get, where it gets only another", "Pressing the switch for two seconds wipes the settings.",
     "To wipe the settings, press the switch for eight seconds. Pressing it for less than eight seconds only "
     "turns the screen off.", "number"),
    ("the first ranked below the second", "The Severn is longer than the Thames.",
     "The Severn is the second-longest river in the country, after the Thames.", "comparison"),
    ("'added' for 'subtracted'", "Penalty points are added to the team's score.",
     "Each foul costs two penalty points. Penalty points are subtracted from the team's score.", "opposite"),
    ("a colour swapped", "When the battery is full, the lamp turns red.",
     "Charge the battery overnight. When the battery is full, the lamp turns blue.", "opposite"),
    ("a change where the source says it stays", "The monthly fee goes up every year during the contract.",
     "The monthly fee is fixed at 30 EUR for the whole contract. Calls abroad are charged extra.", "negation"),
    ("'from the start' of what holds only afterwards", "Members pay the full price from the start.",
     "New members pay half price for three months. After that, members pay the full price.", "order"),
]
RIGHT += [
    ("'not required' of the side a duty leaves out", "Shops with 20 or fewer staff are not required to offer a pension.",
     "Shops with more than 20 staff must offer a pension. Smaller shops may offer one."),
    ("'only X is more' for 'second-most, after X'", "Only the Thames is longer than the Severn in the country.",
     "The Severn is the second-longest river in the country, after the Thames."),
    ("'does not change' for 'fixed'", "For the whole contract, the monthly fee does not change.",
     "The monthly fee is fixed at 30 EUR for the whole contract. Calls abroad are charged extra."),
    ("a claim's own bound beside a time", "On weekdays, free entry for visitors over 60 begins at 2 p.m.",
     "Visitors aged 60 or over get in free after 2 p.m. on weekdays and all day on Sundays."),
]


# thirty-fourth session: set p107
WRONG += [
    ("a count outside a bound said with its noun ('four people or more')", "A family of three gets the discount.",
     "Families of four people or more get a 10% discount on entry. Smaller families pay the full price.", "number"),
    ("a case outside the bound, with 'without' in its subject", "A 30-year-old without a student card travels free.",
     "Travel is free for people under 18 or over 65. Others pay 2 EUR, unless they have a student card.", "number"),
]
RIGHT += [
    ("'year 9' as a label, no span of a year", "A year 9 pupil can join the chess club.",
     "Pupils in year 8 or above can join the chess club. Younger pupils can join the reading club."),
    ("a count inside a bound said with its noun", "A family of five gets a 10% discount on entry.",
     "Families of four people or more get a 10% discount on entry. Smaller families pay the full price."),
    ("the bound whose clause says least else", "A 17-year-old cannot join the crew.",
     "Crew members must be at least 18. Crew members under 21 need a supervisor's approval."),
    ("'at any time' on days said to hold all day", "On Saturdays, the car park is free at any time.",
     "The car park is free after 6 p.m. on weekdays and all day at weekends."),
]


# thirty-fourth session: set p108
WRONG += [
    ("a start counted from another day", "A refund is needed from the second week.",
     "Late returns are accepted for up to two weeks. From the third week, a refund is needed.", "number"),
]
RIGHT += [
    ("'the entire X' for 'the whole X' in another sentence", "Guests are not permitted to book the entire hall.",
     "Guests may book a room only with the manager's consent. Booking the whole hall is not allowed."),
    ("a 'day fee' is no span of a day", "Visitors pay a day fee of 8 EUR.",
     "Members can bring one visitor per visit. Visitors must sign in and pay an 8 EUR day fee."),
    ("'lasts' names no thing of its own", "The course of evening classes lasts twelve weeks.",
     "The evening classes run for twelve weeks, starting in January. Each class lasts 90 minutes."),
    ("'no ... more than' for 'at most'", "No team has more than six players.",
     "The league runs on Tuesdays. Teams have at most six players, and substitutes are allowed."),
    ("an amount more, said as 'an extra'", "Gift wrapping costs 3 EUR more, whatever the order value.",
     "Orders over 50 EUR ship free. Orders below that pay 5 EUR shipping, and gift wrapping costs an extra 3 EUR on any "
     "order."),
    ("a price said per period before its amount", "Renting a kayak for four hours costs 32 EUR.",
     "Kayaks can be rented by the hour or by the day. An hour costs 8 EUR and a full day 40 EUR."),
]


# thirty-fourth session: set p109 (mixed domains)
WRONG += [
    ("a grant where 'neither' refuses it", "One of the referees may coach a team in the league.",
     "Each match has two referees. Neither referee may coach a team in the league.", "negation"),
    ("a value one version had, given to another", "Release 3 runs on laptops with 8 GB of storage.",
     "Release 3 requires at least 16 GB of storage. Release 2 ran on laptops with 8 GB.", "number"),
]
RIGHT += [
    ("a plural and its singular ending in -ss", "A witness to the contract cannot be paid by either party.",
     "The contract must be signed in front of two witnesses. Neither witness may be paid by either party."),
    ("a denial the bound's own clause makes", "A yearly profit of 500 EUR from the stall is not taxed.",
     "Stall profits under 2,000 EUR a year are tax-free. Profits above that are taxed at 20%."),
    ("the topic's modifier before another head of its sentence", "Trading losses can be carried forward.",
     "Trading profits under 5,000 EUR a year are tax-free. Profits above that are taxed at 30%, and losses can be "
     "carried forward."),
]


# thirty-fourth session: set p110
WRONG += [
    ("a price of the narrower case given to the plain one", "A haircut costs 35 EUR.",
     "The salon charges 20 EUR for a haircut and 35 EUR for a haircut with a wash and blow-dry.", "number"),
    ("a price of the plain case given to the narrower one", "A haircut with a wash and blow-dry costs 20 EUR.",
     "The salon charges 20 EUR for a haircut and 35 EUR for a haircut with a wash and blow-dry.", "number"),
    ("a price for a span the source's cap makes free", "Pausing a subscription for three weeks costs 4 EUR.",
     "Subscribers may pause for up to six weeks a year at no cost. Longer pauses cost 4 EUR a week.", "number"),
]
RIGHT += [
    ("a span inside a cap per year", "A three-week pause is free.",
     "Subscribers may pause for up to six weeks a year at no cost. Longer pauses cost 4 EUR a week."),
    ("a noun with a participle names a case", "Rent paid two days late has no late fee.",
     "Rent is due on the first of the month. A late fee of 30 EUR applies if it is paid more than three days late."),
    ("the difference of two prices said as what is added", "A wash and blow-dry adds 15 EUR to the price of a haircut.",
     "The salon charges 20 EUR for a haircut and 35 EUR for a haircut with a wash and blow-dry."),
]


# thirty-fourth session: set p111
WRONG += [
    ("'afterwards' for 'in advance'", "Expenses can be approved by the finance team afterwards.",
     "Expenses must be approved in advance by the finance team. Receipts are kept for six years.", "opposite"),
    ("a time outside the hours a place is closed to someone", "Dogs cannot use the beach at 8 p.m. in summer.",
     "The beach is closed to dogs between 10 a.m. and 6 p.m. in summer. Horses are never allowed.", "number"),
    ("a ban on those a grant names, beside a ban on others", "Walkers cannot use the towpath between 6 a.m. and 9 a.m.",
     "The towpath is closed to cyclists between 6 a.m. and 9 a.m. on weekdays. Walkers can use it at any time.",
     "negation"),
]
RIGHT += [
    ("'twice' for 'and double'", "Holiday overtime is paid at twice the normal rate.",
     "Overtime is paid at 1.25 times the normal rate on weekdays and double on public holidays."),
    ("a time inside the hours a place is closed to someone", "Dogs cannot use the beach at noon in summer.",
     "The beach is closed to dogs between 10 a.m. and 6 p.m. in summer. Horses are never allowed."),
    ("a day outside the days a ban holds on", "Dogs may use the park at 9 a.m. on a Sunday.",
     "The park is closed to dogs between 8 a.m. and 6 p.m. on weekdays. Dogs must be on a lead at all times."),
    ("the side within a bound, where the source speaks past it", "Up to five training days a year are paid.",
     "Staff get five paid training days a year. Training days beyond that are unpaid."),
]


# thirty-fourth session: set p112
WRONG += [
    ("a price another product of the source's numbers makes, past an allowance", "Sending six large parcels costs 30 EUR.",
     "Collection is on Fridays. Up to two parcels are sent free; each further parcel costs 5 EUR.", "number"),
    ("a price the source gives after the span, given within it", "Returning the car within 2 hours of pick-up costs 40 EUR.",
     "Drivers who return the car within 2 hours of pick-up pay nothing. After that, a fee of 40 EUR applies.", "number"),
]
RIGHT += [
    ("a price past an allowance, its thing named with a word before it", "Sending six large parcels costs 20 EUR.",
     "Collection is on Fridays. Up to two parcels are sent free; each further parcel costs 5 EUR."),
    ("a sum over a longer period of a monthly payment", "Over a year, the grant pays 7,200 EUR in total towards rent.",
     "The grant covers fees in full and pays 600 EUR a month towards rent."),
    ("a case past a bound, the next sentence's 'After that' its rule", "Returning the car after 5 hours costs 40 EUR.",
     "Drivers who return the car within 2 hours of pick-up pay nothing. After that, a fee of 40 EUR applies."),
    ("'all' of what the source covers 'in full'", "The grant pays all course fees.",
     "The grant covers fees in full and pays 600 EUR a month towards rent."),
]


# thirty-fourth session: set p113
WRONG += [
    ("a value named as past the bound, inside it", "A mat with 7 mm of foam is below the safety minimum.",
     "Mats must have foam at least 5 mm thick. Thinner mats are withdrawn from use.", "number"),
]
RIGHT += [
    ("a value named as past the bound by the bound's name", "A mat with 3 mm of foam is below the safety minimum.",
     "Mats must have foam at least 5 mm thick. Thinner mats are withdrawn from use."),
    ("'if no one has' for 'unless someone has'", "A room can be booked twice a week if nobody else has asked for it.",
     "Members can book a room twice a week, online or by phone, unless another member has asked for it."),
    ("'every moment' for 'at all times'", "Safety glasses are required for staff at every moment in the lab.",
     "Staff must wear safety glasses in the lab at all times. Visitors are not allowed in the lab."),
]


# thirty-fourth session: set p114
WRONG += [
    ("a duty for the side past a bound, said lifted", "A donation of 300 EUR does not need to be reported.",
     "Staff may accept donations of up to 100 EUR. Donations above that amount must be reported to the board.",
     "modality"),
    ("'always' where the source says 'at any time' of another act", "Cancelling a booking always costs 20 EUR.",
     "Bookings can be cancelled at any time. Cancelling within a week of the trip costs 20 EUR.", "scope"),
]
RIGHT += [
    ("the rule the next sentence gives the side past a bound", "A donation of 300 EUR must be reported to the board.",
     "Staff may accept donations of up to 100 EUR. Donations above that amount must be reported to the board."),
    ("'should not' for 'should be avoided'", "Patients should not eat grapefruit during the treatment.",
     "Take one tablet a day with water. Grapefruit should be avoided during the treatment."),
]


# thirty-fifth session: set p115
WRONG += [
    ("a denial that leaves its predicate to the clause before", "Shower water in the hostel is safe to drink.",
     "Tap water is safe to drink in the hostel, but shower water is not. Towels are provided.", "negation"),
    ("a narrower case refused beside a wider one allowed", "Deep frying is permitted in the dorm kitchen.",
     "Cooking is allowed in the dorm kitchen, but deep frying is not.", "negation"),
    ("a span of centuries longer than the source's", "The monastery was inhabited for about six centuries.",
     "The monastery was inhabited from the 11th to the 14th century. Its library burned in 1512.", "number"),
    ("a century outside the source's span", "The monastery was inhabited in the 16th century.",
     "The monastery was inhabited from the 11th to the 14th century. Its library burned in 1512.", "number"),
    ("a permission with a limit made a duty", "Patients must take four tablets a day.",
     "Patients may take up to four tablets a day, at least six hours apart.", "modality"),
    ("the class past a bound given the bound's own rule", "A bag heavier than 10 kg travels free.",
     "Bags up to 10 kg travel free. Heavier bags cost 20 EUR each way.", "number"),
    ("a step said before the step it follows", "The bread rests on a rack before it is toasted.",
     "Warm the pan to 200 C. Toast the bread for two minutes, then let it rest on a rack before serving.", "order"),
]
RIGHT += [
    ("the clause before an elliptic denial, said of its own subject", "Tap water in the hostel is safe to drink.",
     "Tap water is safe to drink in the hostel, but shower water is not. Towels are provided."),
    ("an elliptic denial said in full", "Shower water in the hostel is not safe to drink.",
     "Tap water is safe to drink in the hostel, but shower water is not. Towels are provided."),
    ("the narrower case refused, as the source refuses it", "Deep frying is not allowed in the dorm kitchen.",
     "Cooking is allowed in the dorm kitchen, but deep frying is not."),
    ("the centuries a source names from first to last, counted", "The monastery was inhabited for about four centuries.",
     "The monastery was inhabited from the 11th to the 14th century. Its library burned in 1512."),
    ("a century inside the source's span", "The monastery was inhabited in the 12th century.",
     "The monastery was inhabited from the 11th to the 14th century. Its library burned in 1512."),
    ("the bound a permission sets, said as a duty", "Tablets must be taken at least six hours apart.",
     "Patients may take up to four tablets a day, at least six hours apart."),
    ("the class past a bound given the rule for it", "A bag heavier than 10 kg costs 20 EUR each way.",
     "Bags up to 10 kg travel free. Heavier bags cost 20 EUR each way."),
    ("a step before another step, where a third follows 'then'", "The pan is warmed to 200 degrees before toasting.",
     "Warm the pan to 200 C. Toast the bread for two minutes, then let it rest on a rack before serving."),
]


# thirty-fifth session: set p116
WRONG += [
    ("a denial with 'do' that leaves its verb to the sentence before", "Books left on the trolley count as returned.",
     "Books handed in at the front desk count as returned. Books left on the trolley do not.", "negation"),
    ("a thing the source says is used in place of another", "The soup is thickened with flour.",
     "The soup is thickened with potato instead of flour. It keeps for three days.", "negation"),
    ("the case another sentence denies, said with a word of its own", "Votes submitted after the polls close are counted.",
     "Votes cast at the polling station are counted. Votes cast after the polls close are not counted.", "negation"),
    ("a superlative turned into its contrary", "The Nile is the shortest river in Africa.",
     "The Nile is the longest river in Africa. It flows north into the Mediterranean.", "aligned sentence"),
    ("a verb turned into its contrary", "Cold weather thins the oil.",
     "Cold weather thickens the oil, so the engine needs longer to warm up.", "aligned sentence"),
    ("'any' said of another thing than the source's 'any'", "Any form needs a teacher's signature.",
     "The form can be signed by any parent, but forms for trips abroad need a teacher's signature.", "scope"),
    ("cause and effect the other way round", "Root rot leads to overwatering in houseplants.",
     "In houseplants, overwatering gives the roots rot. Most plants need water once a week.", "aligned sentence"),
]
RIGHT += [
    ("a denial with 'do' said in full", "Books left on the trolley do not count as returned.",
     "Books handed in at the front desk count as returned. Books left on the trolley do not."),
    ("what the source uses in place of another", "The soup is thickened with potato.",
     "The soup is thickened with potato instead of flour. It keeps for three days."),
    ("a case short of the bound a duty is said past", "A one-hour session can be held without booking in advance.",
     "Anyone may use the studio, but sessions longer than two hours must be booked in advance."),
    ("'any' said of what the source says it of", "Any parent can sign the form.",
     "The form can be signed by any parent, but forms for trips abroad need a teacher's signature."),
    ("an effect said with the verb that names its cause after it", "Root rot in houseplants comes from overwatering.",
     "In houseplants, overwatering gives the roots rot. Most plants need water once a week."),
]


# thirty-fifth session: set p117
WRONG += [
    ("an interval 'apart' multiplied by the count of things", "The booster doses are given eighteen months apart.",
     "The booster is given in three doses, six months apart. It protects for ten years.", "number"),
    ("the value a strict bound leaves out", "A 3-year-old gets in free.",
     "Entry is free for children under 3. Children from 3 to 12 pay 4 EUR.", "number"),
    ("a value a relative clause gives another thing", "Butter starts to smoke at about 250 C.",
     "Butter has a smoke point of about 150 C, lower than that of ghee, which is about 250 C.", "number"),
    ("'many' where the source says 'few'", "Many complaints were made about the festival.",
     "The festival drew large crowds, but complaints were few.", "number"),
]
RIGHT += [
    ("an interval 'apart' as the source gives it", "The booster doses are six months apart.",
     "The booster is given in three doses, six months apart. It protects for ten years."),
    ("the value a strict bound leaves out, given the rule for it", "A 3-year-old pays 4 EUR.",
     "Entry is free for children under 3. Children from 3 to 12 pay 4 EUR."),
    ("a duty another sentence states, beside a permission", "If a pool has marked lanes, swimmers have to swim in the one for their speed.",
     "Swimmers must use the lane marked for their speed where one is set out. In pools without marked lanes they may "
     "swim anywhere but not in the diving area."),
    ("the value a statement gives its own thing", "Butter starts to smoke at about 150 C.",
     "Butter has a smoke point of about 150 C, lower than that of ghee, which is about 250 C."),
    ("'few' as the source says it", "Few complaints were made about the festival.",
     "The festival drew large crowds, but complaints were few."),
]


# thirty-fifth session: set p118
WRONG += [
    ("a contrary said in a short sentence of its own", "Python sets are ordered.",
     "Python lists are ordered, so their items keep the order they were added in. Sets are unordered.", "aligned sentence"),
    ("a state said to hold since a year, where a later act undid it", "The museum has been closed since 2015.",
     "The museum was closed in 2015 for renovation and reopened in 2018. Entry is free on Sundays.", "order"),
    ("a value a relative clause gives the thing a ranking excepts", "Oslo has 60 parks.",
     "Oslo has 45 parks, more than any other city in the region except Bergen, which has 60.", "number"),
]
RIGHT += [
    ("a span between two years of one sentence, said roughly", "The museum was shut for about three years.",
     "The museum was closed in 2015 for renovation and reopened in 2018. Entry is free on Sundays."),
    ("the one a ranking leaves above every other", "Bergen has the most parks in the region.",
     "Oslo has 45 parks, more than any other city in the region except Bergen, which has 60."),
    ("the value a relative clause gives the claim's subject", "Bergen has 60 parks.",
     "Oslo has 45 parks, more than any other city in the region except Bergen, which has 60."),
]


# thirty-fifth session: set p119
WRONG += [
    ("a year the sentence gives another of its events", "The bakery opened in 2016.",
     "The bakery opened in Leeds in 2009 and moved to a larger shop in York in 2016.", "number"),
    ("one of two clauses a semicolon joins, said of the other's thing", "A green card means the player must leave the field.",
     "A green card means the player must rest for two minutes; a red card means the player must leave the field.",
     "aligned sentence"),
    ("a state said to hold now that held until a year the sentence opens with", "The market is held on Fridays.",
     "Until 2019 the market was held on Fridays. Since then it has taken place on Saturdays.", "order"),
    ("a direction said of a thing the next sentence names by an anaphor", "Caffeine lowers the headache risk the drug causes.",
     "The drug can cause headaches, so take it with food. Caffeine raises this risk.", "direction"),
]
RIGHT += [
    ("the time a later phase gives, said in the present", "The market is held on Saturdays.",
     "Until 2019 the market was held on Fridays. Since then it has taken place on Saturdays."),
    ("the year the sentence gives the claim's event", "The bakery moved to York in 2016.",
     "The bakery opened in Leeds in 2009 and moved to a larger shop in York in 2016."),
]


# thirty-fifth session: set p120
WRONG += [
    ("a vague deadline far past the source's", "Faults must be reported within a month.",
     "Faults must be reported to the caretaker within five days. Small repairs are done by residents.", "number"),
]
RIGHT += [
    ("the complement of a case kept with 'only', said closed", "The help desk is closed at weekends.",
     "Chat help runs day and night. The help desk is staffed from 9 a.m. to 5 p.m. on weekdays only."),
    ("a time of one thing, beside the hours of another", "You can call the night line at 2 a.m.",
     "The night line answers around the clock. The main office opens from 9 a.m. to 5 p.m."),
    ("a vague deadline as long as the source's", "Faults must be reported within a week or so.",
     "Faults must be reported to the caretaker within seven days. Small repairs are done by residents."),
]

# thirty-sixth session: a time of day against the hours a source gives (sets p121, p122)
WRONG += [
    ("a time past the hours of its day", "The bakery is open at 7 p.m. on a Tuesday.",
     "The bakery opens Monday to Saturday from 7 a.m. to 6 p.m. It is closed on Sundays.", "number"),
    ("a time on a day the thing is closed", "You can buy bread there at 10 a.m. on a Sunday.",
     "The bakery opens Monday to Saturday from 7 a.m. to 6 p.m. It is closed on Sundays.", "number"),
    ("a time within hours a clause closes, across midnight", "The footbridge can be crossed at 2 a.m.",
     "The footbridge is closed from midnight to 5 a.m. for cleaning.", "number"),
    ("a time within hours said out of service", "The escalator runs at 11 p.m.",
     "The escalator is out of service from 10 p.m. to 6 a.m.", "number"),
    ("the value of another part's hours", "At 10 p.m. the ferry leaves every 15 minutes.",
     "The ferry leaves every 15 minutes from 6 a.m. to 9 p.m. and every 45 minutes from 9 p.m. to 1 a.m.", "number"),
    ("a time before the start a gapped clause gives the day", "The library is open at 8:30 a.m. on a Saturday.",
     "The library opens at 8 a.m. on weekdays and at 10 a.m. on Saturdays. It closes at 8 p.m.", "number"),
    ("a time past the hours, where the next sentence says what holds", "Someone arriving at 9:20 a.m. is admitted to the exam.",
     "Candidates may enter the exam hall until 9:15 a.m. Later arrivals are not admitted.", "number"),
]
RIGHT += [
    ("a time within the hours of its day", "You can get a haircut at 5 p.m. on a Friday.",
     "The barber is open Tuesday to Saturday from 9 a.m. to 6 p.m. It is closed on Sundays and Mondays."),
    ("a time within a span across midnight, denied as the source denies it", "Playing loud music at 1 a.m. is forbidden.",
     "No loud music may be played from 11 p.m. to 7 a.m."),
    ("a time of the thing open around the clock", "The cash machine can be used at 3 a.m.",
     "The bank branch opens from 9 a.m. to 4 p.m. The cash machine outside works around the clock."),
    ("a time after the hours, said closed", "At 8 p.m. the post office is closed.",
     "The post office opens at 8:30 a.m. and closes at 5:30 p.m. on weekdays."),
    ("a time outside the hours, where a clause says what holds there", "Cars may enter the square at 7 p.m.",
     "The square is closed to traffic from 10 a.m. to 6 p.m.; outside these hours, cars may enter."),
    ("the value of the part whose hours hold the time", "At 11 p.m. the ferry leaves every 45 minutes.",
     "The ferry leaves every 15 minutes from 6 a.m. to 9 p.m. and every 45 minutes from 9 p.m. to 1 a.m."),
    ("a time before a cut-off on a day it names", "A parcel handed in at 11:30 a.m. on a Thursday goes out the same day.",
     "Parcels handed in before noon on weekdays go out the same day. Later parcels go out the next working day."),
    ("a time after the start a gapped clause gives the day", "The library is open at 11 a.m. on a Saturday.",
     "The library opens at 8 a.m. on weekdays and at 10 a.m. on Saturdays. It closes at 8 p.m."),
]

# thirty-sixth session: set p123
WRONG += [
    ("a case inside the bound, given the duty the next sentence sets past it", "A four-day trip needs a director's approval.",
     "Trips of up to five days can be booked by the team lead. For longer trips, a director must approve the booking.",
     "number"),
]
RIGHT += [
    ("a case inside the bound, denied the duty the next sentence sets past it",
     "A four-day trip does not need a director's approval.",
     "Trips of up to five days can be booked by the team lead. For longer trips, a director must approve the booking."),
    ("'no' with the noun of a negative adjective", "There is no pay for festival volunteers.",
     "Volunteers at the festival get free entry. Volunteering at the festival is unpaid."),
    ("'without' with the noun of a negative adjective", "Trainees on the scheme work without pay for the first week.",
     "Trainees join the scheme for six weeks. The first week is unpaid."),
]

# thirty-sixth session: set p124 (a cover's length, hours beside another thing's closed day)
WRONG += [
    ("a time past a cover's length", "A boiler fault found after three years is covered.",
     "The boiler comes with a two-year warranty. Annual servicing is recommended.", "number"),
    ("a time past the length of the other parts' cover", "A pump that breaks after 18 months is covered.",
     "The washing machine has a three-year warranty on the motor. Other parts are guaranteed for one year.", "number"),
]
RIGHT += [
    ("a time within a cover's length, the case named in a relative clause",
     "A phone that stops working after 10 months is still under warranty.",
     "Phones sold in our shops carry a one-year warranty. Accidental damage is not included."),
    ("a time within the length a warranty covers", "A manufacturing fault found after 20 months is covered.",
     "The warranty covers manufacturing faults for two years from delivery."),
    ("a time of a thing open at any time, beside another's closed day",
     "Parcels can be left in the locker at 9 p.m. on a Sunday.",
     "The post office is open from 9 a.m. to 6 p.m. on weekdays. It is closed on Sundays. The parcel locker "
     "outside can be used at any time."),
]

# thirty-sixth session: an ordinal period against a cover's length
WRONG += [
    ("an ordinal year past a cover's length", "A boiler part that fails in its fourth year is replaced under the warranty.",
     "The boiler has a three-year parts warranty. Servicing must be done every year.", "number"),
]
RIGHT += [
    ("an ordinal year within a cover's length", "A boiler part that fails in its second year is replaced under the warranty.",
     "The boiler has a three-year parts warranty. Servicing must be done every year."),
    ("an ordinal week within a free period", "A return in the second week is free.",
     "Returns are free within 14 days. After that, a 5 EUR fee applies."),
]


# thirty-seventh session: hours led by "outside", days named before their times, counts of an
# act, a share of a thing, a denial "without" a requirement, a quantifier said in another sentence,
# a part of one day, a length of validity against "never expires"
_OFF_PEAK = "Dogs may travel on the trams outside peak times (7-9 a.m. and 5-7 p.m. on weekdays). A dog ticket costs 2 EUR."
_GYM = "Opening hours: Monday to Friday 6 a.m. to 10 p.m. Saturday and Sunday 8 a.m. to 6 p.m. Closed on public holidays."
WRONG += [
    ("a time inside the spans a clause excepts", "A dog may travel on the tram at 8 a.m. on a Wednesday.", _OFF_PEAK,
     "number"),
    ("an opening time the source gives for other days", "The gym opens at 6 a.m. on Saturdays.", _GYM, "number"),
    ("a closing time the source gives for other days", "On Sundays the gym closes at 10 p.m.", _GYM, "number"),
    ("a count of an act against the source's", "A course can be postponed three times.",
     "A course can be postponed twice at no cost. Cancellations are not refunded.", "number"),
    ("a whole share where the source gives half", "Staff who cancel late pay the full fee.",
     "Staff who cancel a booked course less than a week before it starts pay half the fee.", "number"),
    ("a part of one day widened to every day", "The nurse sees walk-in patients every afternoon.",
     "The nurse sees walk-in patients on Thursday afternoons only. Appointments can be booked by phone.", "scope"),
    ("no end where the source gives a length of validity", "Loyalty points never expire.",
     "Loyalty points are valid for two years. They can be used in any of our shops.", "scope"),
]
RIGHT += [
    ("a time outside the spans a clause excepts", "A dog may travel on the tram at 11 a.m. on a Wednesday.", _OFF_PEAK),
    ("a time of an excepted span on a day it does not hold", "Dogs may travel on the tram at 6 p.m. on Sundays.",
     _OFF_PEAK),
    ("an opening time for the days the source gives it", "The gym opens at 8 a.m. on Saturdays.", _GYM),
    ("a count of an act as the source gives it", "A course can be postponed two times.",
     "A course can be postponed twice at no cost. Cancellations are not refunded."),
    ("a count within the source's bound of it", "A player may serve two times in a row.",
     "A player may serve at most three times in a row. Serves must be underarm."),
    ("a half share as the source gives it", "Staff who cancel late pay half of the fee.",
     "Staff who cancel a booked course less than a week before it starts pay half the fee."),
    ("a requirement said as a denial without it", "Taking a laptop home requires a signed form.",
     "Laptops may not be taken home without a signed form. They must be returned every Friday."),
    ("a need said of a denial without it", "Visitors need a badge to enter the lab.",
     "Visitors may not enter the lab without a badge issued at reception."),
    ("a quantifier another sentence says of the compound's head", "Every travel claim needs a receipt.",
     "Travel claims must be filed within two weeks. A receipt must be attached to every claim."),
]

# thirty-seventh session, later: the day a rule starts from as a bound, a birthday as the age
# reached, working days against calendar weeks, a numbered year against a cover's length
_ILL = "Staff who are ill must call in before 9 a.m. A medical certificate is needed from the third day of absence."
_MACHINE = "The guarantee on the coffee machine is two years for parts and labour."
WRONG += [
    ("a count of days from the day a rule starts, denied", "A member of staff absent for four days needs no medical certificate.",
     _ILL, "number"),
    ("a numbered year past a cover's length",
     "A coffee machine that breaks in year three is repaired under the guarantee, parts and labour included.", _MACHINE,
     "number"),
]
RIGHT += [
    ("a count of days before the day a rule starts", "A member of staff who is ill for one day needs no medical certificate.",
     _ILL),
    ("a count of days past the day a rule starts", "A member of staff absent for four days must hand in a medical certificate.",
     _ILL),
    ("an age reached said as the birthday", "Child benefit stops at the latest when the child turns eighteen.",
     "Child benefit is paid until the child's eighteenth birthday."),
    ("calendar weeks for working days", "Refunds are issued within two weeks of receiving the returned item.",
     "Refunds are issued within ten working days of receiving the returned item."),
    ("a numbered year within a cover's length",
     "A coffee machine that breaks in year two is repaired under the guarantee, parts and labour included.", _MACHINE),
]

# thirty-seventh session, later still: a multiple of the normal rate, a percentage beside a share
# word of another case, a passive's agent
_SUPPLEMENTS = ("Employees who work on a Saturday receive a 25% supplement on their hourly wage. Work on Christmas Day "
                "is paid at triple the normal rate.")
_AWAY = "Club kit is provided. Travel to away matches is paid by the parents."
WRONG += [
    ("a supplement the source gives another day", "Work on Christmas Day earns a 25% supplement.", _SUPPLEMENTS, "number"),
    ("a multiple of the rate the source gives another day", "Saturday work is paid at triple the normal rate.",
     _SUPPLEMENTS, "number"),
    ("a percentage beside another case's share word", "Members get 50% off all classes.",
     "Seniors pay half price. Members get 25% off all classes.", "number"),
    ("a passive's agent swapped for another party", "The club pays for travel to away matches.", _AWAY, "entity"),
]
RIGHT += [
    ("a supplement of the day the source gives it", "Saturday work earns a 25% supplement.", _SUPPLEMENTS),
    ("a passive's agent as the claim's subject", "Parents pay for travel to away matches.", _AWAY),
]

# thirty-seventh session, fresh sets p131-p133: one end of the hours said again for some days, a
# bound said with a denial, around the clock against another group's hours
_LATE_OPENING = "The library is open Monday to Saturday from 9 a.m. to 5 p.m. On Wednesdays it stays open until 8 p.m."
_CAR_PARK = "The car park is open 24 hours a day for permit holders. Visitors can park there from 7 a.m. to 7 p.m."
WRONG += [
    ("a time past the hours on a day without the late opening", "The library is open at 7 p.m. on a Tuesday.",
     _LATE_OPENING, "number"),
    ("around the clock where the claim's group has hours", "Visitors can park there 24 hours a day.", _CAR_PARK,
     "number"),
]
WRONG += [
    ("a time past the second of two covers in one sentence", "A battery that fails after three years is covered.",
     "The e-bike has a seven-year warranty on the frame and a two-year warranty on the battery. Tyres are not covered.",
     "number"),
]
RIGHT += [
    ("a time within the first of two covers in one sentence", "A frame that cracks after five years is covered.",
     "The e-bike has a seven-year warranty on the frame and a two-year warranty on the battery. Tyres are not covered."),
    ("a time within the late opening of its day", "The library is open at 7 p.m. on a Wednesday.", _LATE_OPENING),
    ("an amount within a bound said with a denial", "A driver may drive eight hours a day.",
     "Drivers may not drive more than nine hours a day. Breaks must be taken every four and a half hours."),
    ("around the clock for the group the source gives it", "Permit holders can park there around the clock.",
     _CAR_PARK),
]

# thirty-seventh session, fresh sets p134-p135: "within the first 14 days" is a bound, with its
# other side after a semicolon and its case in an opening "if" clause
_BLENDER = "The blender has a two-year guarantee. If it fails within the first 14 days, it is exchanged; after that, it is repaired."
WRONG += [
    ("a time past the first days, said of what holds in them", "A blender that fails after a month is exchanged.",
     _BLENDER, "number"),
]
_RECYCLING = "Each household may leave up to three crates of glass a month. Additional crates need a 1 EUR token."
WRONG += [
    ("an extra case without what the source requires of it", "A household can leave an additional crate without a token.",
     _RECYCLING, "negation"),
]
RIGHT += [
    ("a case within an allowance, without what only the extra ones need",
     "A household can leave two crates of glass a month without a token.", _RECYCLING),
    ("a time within the first days of a guarantee", "A blender that fails after ten days is exchanged.", _BLENDER),
    ("a time after the first days, said of what holds after them", "A blender that fails after a month is repaired.",
     _BLENDER),
]

_DOUGH = "Knead 500 g of flour with 300 g of water and 10 g of salt, then rest the dough for an hour."
_TARIFF = "Stays of up to 7 nights cost 90 EUR a night, and stays of more than 7 nights 75 EUR a night."
_LEVY = "Parcels up to 2 kg cost 4 EUR to send, and parcels between 2 and 10 kg cost 9 EUR."
_RACE = "The course record for men, 2:08:12, dates from 2019; the women's record, 2:21:40, from 2022."
_FERRY = "The day ferry takes up to six hours; the night ferry costs 40 EUR more and takes nine hours."
_RELEASE = "Since version 3.0 the cache holds 500 entries instead of 200. Lookups are about 40% faster than in 2.8."
_PHONE = "The phone's screen lasts up to 20 hours of reading. Apps may not run in the background for more than five minutes."
_LOAN = "Members may borrow books for up to three weeks, subject to the librarian's approval for rare items."
_TIMETABLE = "The new timetable adds a stop at Oxford, which lengthens the journey."
_RIVERS = "The Rhine is Europe's second-longest river after the Danube. It rises in the Alps."
WRONG += [
    ("an amount given to another thing of the same list", "The dough takes 300 g of flour.", _DOUGH, "number"),
    ("the second amount of a list moved to the first thing", "The dough takes 10 g of water.", _DOUGH, "number"),
    ("a rate given to the other side of a bracket", "Stays of more than 7 nights cost 90 EUR a night.", _TARIFF,
     "number"),
    ("a price given to the bracket below its own", "Parcels up to 2 kg cost 9 EUR to send.", _LEVY, "number"),
    ("two times taken compared the wrong way", "The women's course record is faster than the men's.", _RACE,
     "comparison"),
    ("two durations of two services compared the wrong way", "The night ferry is quicker than the day ferry.",
     _FERRY, "comparison"),
    ("a value the source says was replaced", "The cache holds 200 entries.", _RELEASE, "number"),
    ("a comparison with the old version turned", "Version 3.0 looks up entries more slowly than 2.8.", _RELEASE,
     "comparison"),
    ("a ceiling read as a floor", "The screen lasts at least 20 hours of reading.", _PHONE, "number"),
    ("a denied floor read as a floor", "Apps may run in the background for at least five minutes.", _PHONE,
     "number"),
    ("done without what the source makes it subject to", "Rare items may be borrowed without approval.", _LOAN,
     "negation"),
    ("a verb turned after a clause the claim leaves out", "The new timetable shortens the journey.",
     _TIMETABLE, "aligned sentence"),
    ("a rank turned after a possessive", "The Rhine is longer than the Danube.", _RIVERS, "comparison"),
]
RIGHT += [
    ("an amount of its own thing in a list", "The dough takes 300 g of water.", _DOUGH),
    ("a rate within its bracket", "Stays of more than 7 nights cost 75 EUR a night.", _TARIFF),
    ("a price within its bracket", "Parcels between 2 and 10 kg cost 9 EUR to send.", _LEVY),
    ("two times taken compared the right way", "The men's course record is faster than the women's.", _RACE),
    ("two durations compared the right way", "The day ferry is quicker than the night ferry.", _FERRY),
    ("the value that replaced the old one", "Since version 3.0 the cache holds 500 entries.", _RELEASE),
    ("a ceiling read as a ceiling", "Apps may run in the background for at most five minutes.", _PHONE),
    ("a share of a year", "Weekly backups are kept for a quarter of a year.",
     "Weekly backups are kept for three months, daily ones for two weeks."),
]
_TWO_MONTHS = ("Rent is due on the first working day of each month. Either side may end the lease with two months' "
               "notice.")
WRONG += [
    ("one period's notice where the source counts two", "Either side may end the lease with one month's notice.",
     _TWO_MONTHS, "number"),
]

_CONTRACT = "The Supplier shall deliver the goods within 30 days. The Buyer shall inspect them on arrival."
_FREE_TAX = "Pensions up to 9,000 EUR a year are tax-free. Larger pensions are taxed at 15%."
_SCANS = "Scanning a single page does not require a login, but scanning a whole book does. Scans are kept for a week."
_DONATIONS = ("Gifts from suppliers worth more than 40 EUR must be declared to a manager. Cash gifts are never allowed. "
              "Buyers may not accept any gifts at all.")
_LAMP = "The lamp runs up to eight hours on one charge and is waterproof."
WRONG += [
    ("a duty left to choice with 'if it wishes'", "The Supplier may deliver the goods within 30 days if it wishes.",
     _CONTRACT, "modality"),
    ("'tax-free' affirmed as taxed", "Pensions up to 9,000 EUR a year are taxed.", _FREE_TAX, "negation"),
    ("done without what the affirmed ellipsis requires", "A whole book can be scanned without a login.", _SCANS,
     "negation"),
    ("a ceiling read as a floor, with a detail the clause lacks", "The lamp runs at least eight hours when fully "
     "charged.", _LAMP, "number"),
    ("an amount of one of 'any', said of another duty", "A buyer must declare a 15 EUR gift.", _DONATIONS, "number"),
]
RIGHT += [
    ("'tax-free' as not taxed", "Pensions of up to 9,000 EUR a year are not taxed.", _FREE_TAX),
    ("'nobody under' for 'under-Ns cannot'", "Nobody under 18 may open an account.",
     "The bank offers current and savings accounts. Under-18s cannot open an account."),
    ("a case the denial before the ellipsis keeps", "A single page can be scanned without a login.", _SCANS),
    ("an amount of one of 'any', said of it", "A buyer may not accept a 15 EUR gift.", _DONATIONS),
]

_BRIDGES = ("The Tay Bridge, 3,264 metres long, is longer than the Forth Bridge, 2,528 metres long. The Forth "
            "Bridge opened in 1890; the Tay Bridge opened in 1887.")
_PRESS = ("The first steam locomotive was built by Richard Trevithick in Wales in 1804. His later engine, shown in "
          "London in 1808, carried paying passengers on a circular track.")
_POOL = "Season members swim free for the first 60 minutes of each visit. Day tickets cost 6 EUR."
_ZOO = "Entry costs 18 EUR for adults and 11 EUR for children. Parking is 4 EUR a day."
WRONG += [
    ("two events ordered the wrong way, the second said without its verb", "The Forth Bridge opened before the Tay Bridge.",
     _BRIDGES, "order"),
    ("two events ordered the wrong way, one event's words shared by another statement",
     "Trevithick's later engine was shown before the first locomotive was built.", _PRESS, "order"),
    ("an allowance for a span said without its span", "Season members swim free.", _POOL, "scope"),
    ("a sum said wrongly", "An adult and a child pay 32 EUR together.", _ZOO, "number"),
]
RIGHT += [
    ("two events in the source's order, the second said without its verb", "The Forth Bridge opened after the Tay Bridge.",
     _BRIDGES),
    ("an allowance with its span", "Season members swim free for the first hour of each visit.", _POOL),
    ("a difference worked out", "The Tay Bridge is about 740 metres longer than the Forth Bridge.", _BRIDGES),
]

_DOSES = ("Adults may use two sprays in each nostril up to three times a day. Do not use more than twelve sprays in "
          "24 hours. Children aged 6 to 11 may use one spray in each nostril, up to four sprays a day.")
_INVOICE = ("The Client shall pay each invoice within 21 days of receipt. Late payments bear interest at 4% a year. "
            "The Consultant keeps the rights to the software until the invoice is paid.")
WRONG += [
    ("a count of one group's thing given to another group", "Children aged 6 to 11 may use up to twelve sprays a day.",
     _DOSES, "number"),
]
RIGHT += [
    ("a count of the group's thing said in another sentence than the group's first", "Adults may use up to twelve "
     "sprays in 24 hours.", _DOSES),
    ("a noun for the act the sentence's verb names", "Payment is due within 21 days of receipt.", _INVOICE),
]

_EXCESS = "The car insurance has an excess of 300 EUR per claim, or 600 EUR for drivers under 25. Claims are paid within a month."
_APP = "Version 7.1 adds a widget for the home screen. Support for iOS 15 ends with this version; iOS 16 or later is needed from 7.2."
_LENDING = ("The tool library lends up to 5 tools at a time for a week. Loans can be extended twice, unless another "
            "member has booked the tool.")
WRONG += [
    ("the general amount given to the case the source prices apart", "The excess for drivers under 25 is 300 EUR.",
     _EXCESS, "number"),
]
RIGHT += [
    ("the case's own amount", "The excess for drivers under 25 is 600 EUR.", _EXCESS),
    ("a release the source names by its number alone", "Version 7.2 will not support iOS 15.", _APP),
    ("a requirement said in the active voice", "Version 7.2 needs iOS 16 or later.", _APP),
    ("a count of items beside a count of extensions", "Members may borrow at most 5 tools at once.", _LENDING),
]

_RIVERS_FLOW = ("Two rivers feed the lake, the Arno and the Serchio. The Serchio brings most of the water, "
                "above all in spring.")
WRONG += [
    ("more of a thing said of the side the source says has the least",
     "The Arno brings more water than the Serchio.", _RIVERS_FLOW, "comparison"),
]
RIGHT += [
    ("more of a thing said of the side that has most of it", "The Serchio brings more water than the Arno.", _RIVERS_FLOW),
]

_FERRY_FARES = "Cars may be up to 5 m long on the small ferry and 12 m long on the large ferry. Bikes travel free."
WRONG += [
    ("a level of a measure compared the wrong way, two amounts in one clause",
     "The large ferry has a lower length limit than the small ferry.", _FERRY_FARES, "comparison"),
]

@pytest.mark.parametrize(("kind", "claim", "source", "reason"), WRONG, ids=[w[0] for w in WRONG])
def test_everyday_errors_are_caught(verifier: Verifier, kind: str, claim: str, source: str,
                                    reason: str) -> None:
    result = verifier.verify(claim, source)
    assert result.verdict is not Verdict.SUPPORTED, (kind, result)
    assert result.score < verifier.combiner.threshold
    assert reason in result.reason, (kind, result.reason)


@pytest.mark.parametrize(("kind", "claim", "source"), RIGHT, ids=[r[0] for r in RIGHT])
def test_the_same_meaning_passes(verifier: Verifier, kind: str, claim: str, source: str) -> None:
    result = verifier.verify(claim, source)
    assert result.verdict is Verdict.SUPPORTED, (kind, result)


CHECKS = ("structure", "number", "number mismatch", "number not in source", "negation", "direction", "names",
          "aligned sentence", "modality", "scope", "opposite claim", "atomic parts", "model",
          "model and combiner", "table", "comparison", "entity", "order", "addition", "paraphrase")


def test_every_reason_names_the_check_that_decided(verifier: Verifier) -> None:
    pairs = [(claim, source) for _, claim, source, _ in WRONG] + [(claim, source) for _, claim, source in RIGHT]
    pairs.append(("Refunds are processed within five business days.", "Refunds are processed within five business days."))
    for (claim, _), result in zip(pairs, verifier.verify_batch(pairs), strict=True):
        check = result.reason.split(":", 1)[0]
        assert check in CHECKS, (claim, result.reason)


def test_a_comparison_the_amounts_decide_is_proved_by_them(verifier: Verifier) -> None:
    """The model reads "closer" against two distances as a contradiction; the amounts decide."""
    result = verifier.verify("The bakery is closer to the station than the library.",
                             "The bakery is 200 metres from the station. The library is 900 metres from the station.")
    assert result.verdict is Verdict.SUPPORTED and result.reason.startswith("comparison"), result.reason
    turned = verifier.verify("The library is closer to the station than the bakery.",
                             "The bakery is 200 metres from the station. The library is 900 metres from the station.")
    assert turned.verdict is not Verdict.SUPPORTED and "other way" in turned.reason, turned.reason
