"""The words and phrases the casualty rules are built from, and the figure they find before it is a mention."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from crosscheck.model import FigureKind, Stage
from crosscheck.nlp.words import has_any
from crosscheck.nlp.regex import gate_patterns


_HOSPITAL = (
    r"(?:(?:(?:an?|the|area|local|nearby|a\s+nearby)\s+){0,2}(?:hospitals?|medical\s+cent(?:er|re)s?|trauma\s+cent(?:er|re)s?)|"
    r"(?-i:(?:[A-Z][\w'’.-]*\s+){1,5}(?:Hospital|Medical\s+Center|Medical\s+Centre|Trauma\s+Center)))"
)
_NO_WOUND_VISIT = r"[^.;]{0,40}?\b(?:for\s+observation|as\s+a\s+precaution|to\s+be\s+checked\b)"
# "fatally" and "mortally" make any wounding verb a death: "fatally injuring a man", "mortally wounded".
_FATALLY = r"(?:fatally|mortally)"
_KILLED = (
    r"shot\s+(?:and|,)\s+killed|shot\s+dead|shot\s+to\s+death|stabbed\s+to\s+death|beaten\s+to\s+death|"
    # any way of killing "to death": "crushed to death" in a stampede, "trampled", "burned", "froze";
    # not a feeling ("bored to death", "scared to death")
    r"(?:(?!(?:bored|scared|frightened|worried|tickled|annoyed|tired)\b)[a-z]+ed|burnt|froze|frozen)\s+to\s+death|"
    rf"{_FATALLY}\s+(?:shot|wounded|injured|stabbed|struck|hit)|(?:found|pronounced|declared)\s+(?:dead|deceased)|"
    r"killed|dead|deceased|died|dies|die|slain|murdered|fatally|deaths?|fatalities|lost\s+(?:their|his|her)\s+lives?|"
    r"(?:has\s+|have\s+)?succumb(?:ed|s)?|pass(?:ed|es)\s+away|"
    # how South Asian and wire copy tells a death: "were martyred", "embraced martyrdom", "perished",
    # "breathed their last"
    r"martyred|(?:embraced|attained)\s+martyrdom|perished|breathed\s+(?:their|his|her)\s+last|"
    # how a sinking or a flood kills: "59 migrants drowned" (not "drowned out"); a mine or a fire:
    # "eight miners suffocated", "five people were electrocuted"
    r"drowned(?!\s+out\b)|suffocated|asphyxiated|electrocuted"
)
_INJURED = (
    r"shot\s+and\s+(?:wounded|injured)|injured|wounded|hurt|hospitali[sz]ed|injuries|recovering|"
    r"treated\s+for\s+(?:(?:his|her|their|a|an|[\w-]+)\s+){0,3}?(?:wounds?|injuries)|"
    r"in\s+(?:a\s+|very\s+)?(?:critical|serious|stable|fair|good)(?:\s+but\s+stable)?\s+conditions?|"
    # under care, as hospitals count the hurt: "53 victims were under treatment", "seven were in the ICU",
    # "177 have been discharged from hospitals", "57 people were being treated, seven of whom ..."
    r"under\s+treatment|(?:continue\s+to\s+)?(?:receiving|undergo(?:ing)?|getting)\s+(?:medical\s+)?treatment|"
    r"being\s+treated(?=\s+(?:at|in|for)\b|\s*[,.;]|$)|in\s+(?:the\s+)?(?:ICU|intensive\s+care)|"
    r"discharged\s+from\s+(?:the\s+)?hospitals?|"
    r"(?:suffering|suffered|sustained|sustaining|received|receiving)\s+(?:from\s+)?(?:an?\s+)?(?:multiple\s+|(?:non-?|not\s+)?life[- ]threatening\s+)?"
    r"(?:apparent\s+)?(?:gunshot\s+)?(?:wounds?|injuries)|"
    # taken there "for observation" or "as a precaution" tells no wound: the unhurt child, the officer
    rf"(?:taken|transported|rushed|airlifted|flown)\s+to\s+{_HOSPITAL}(?!{_NO_WOUND_VISIT})|"
    r"(?:hit|struck|grazed)\s+and\s+(?:injured|wounded)|"
    # reached a hospital with a wound: "three other victims showed up at the hospital with gunshot wounds"
    rf"(?:showed\s+up|turned\s+up|arrived|walked\s+in(?:to)?)\s+(?:at\s+)?{_HOSPITAL}\s+(?:[\w'’.]+\s+){{0,4}}?"
    r"(?:with|suffering\s+from)\s+(?:an?\s+|multiple\s+|several\s+)?(?:apparent\s+)?(?:gunshot|bullet|graze)\s+wounds?|"
    r"with\s+(?:an?\s+|multiple\s+|several\s+)?gunshot\s+wounds?|"
    r"with\s+(?:(?:non-?\s*|not\s+|possibly\s+|potentially\s+)?life[- ]threatening|minor|serious|critical|severe|"
    r"superficial)\s+(?:gunshot\s+)?(?:wounds?|injuries)"
)
_MISSING = r"missing|unaccounted\s+for"
_ARRESTED = (
    r"arrested|detained|taken\s+into\s+(?:police\s+)?custody|in\s+(?:police\s+)?custody|apprehended|charged|booked|"
    r"fac(?:ing|es)\s+(?:\w+\s+){0,2}charges"
)
_BODY_PART = (
    r"head|face|neck|jaw|eye|mouth|cheek|chest|back|side|stomach|abdomen|torso|shoulders?|arms?|elbows?|wrists?|hands?|"
    r"fingers?|hips?|buttocks?|groin|thighs?|legs?|knees?|calf|calves|shins?|ankles?|feet|foot|toes?|heel|upper\s+body|lower\s+body"
)
# "Shot at" with no place after it is a target, not a wound: "he was shot at by an officer", "two
# men were shot at but not hit", "the house was shot at from outside", "shot at multiple times". A
# place or a time keeps the wound: "was shot at Elm Park", "shot at about 10 p.m.", "shot at close range".
_SHOT_AT = (
    r"\s+at(?:\s*(?:[.,;:!?\"”’)]|$)|\s+(?:by|from|with|because|but|and|while|during|multiple|several|repeatedly|"
    r"so\s+many|many|numerous|\w+\s+times|twice)\b)"
)
# Struck, hit or grazed by a projectile, or in a part of the body: "was struck in the leg", "was hit
# twice", "hit by stray gunfire", "grazed by a bullet". A bare "struck" or "hit" names no wound
# ("struck by a car", "hit a wall"), so the body part, the count of hits or the projectile is required.
# "shot down": an aircraft, a drone or a missile brought down ("two drones were shot down"), no person hit
_SHOT_DOWN = r"\s+down\b"
_SHOT = (
    rf"shot(?!{_SHOT_AT}|{_SHOT_DOWN})|(?:struck|hit|grazed)\s+by\s+(?:(?:stray\s+)?gunfire|(?:a\s+|the\s+|another\s+)?(?:stray\s+)?(?:bullets?|gunshots?|rounds?|projectiles?))|"
    r"(?:struck|hit|grazed)\s+(?:once\s+|twice\s+|several\s+times\s+|multiple\s+times\s+)?"
    rf"(?:in|on)\s+(?:the|his|her|their|both)\s+(?:(?:left|right|upper|lower)\s+)?(?:{_BODY_PART})\b|"
    r"(?:struck|hit)\s+(?:twice|several\s+times|multiple\s+times|\w+\s+times)|"
    # "four victims were struck." / "were struck, though none ...": the verb ends its clause
    r"struck(?=\s*(?:[.;]|$|,\s*(?:though|but|and|police|officials|authorities)\b|\s+(?:though|but|while)\b))"
)
_TRIGGERS: list[tuple[str, str]] = [
    ("killed", _KILLED), ("injured", _INJURED), ("missing", _MISSING), ("arrested", _ARRESTED), ("shot", _SHOT),
]
_TRIGGER = "|".join(f"(?P<{name}>{pattern})" for name, pattern in _TRIGGERS)
_KIND = {"killed": FigureKind.KILLED, "injured": FigureKind.INJURED, "missing": FigureKind.MISSING,
         "arrested": FigureKind.ARRESTED}

_AUX = (
    r"were|was|are|is|have|has|had|been|being|be|reportedly|also|later|all|both|allegedly|confirmed|now|"
    r"initially|believed|thought|feared|presumed|reported|said|to|got|remain|remains|remained|still|subsequently|listed|"
    r"eventually|each|critically|seriously|badly|severely|fatally|who|that|being|left|found|since|"
    r"or(?=\s+(?:very\s+)?[a-z]+ly\b)|"  # "41 were seriously or very seriously hurt"
    # any other adverb: "were accidentally shot", "were apparently wounded"
    r"(?-i:(?!(?:family|only|early|daily|weekly|nightly|monthly|july|italy|ally|rally|holy|belly)\b)[a-z]{2,}ly)"
)
_STOP_NOUN = r"(?:were|was|are|is|have|has|had|and|or|in|at|on|after|by|from|when|who|that|during|as|with|of)\b"
# Words that head a noun phrase of things, not people: "two explosions killed", "3 shots were fired".
_THINGS = re.compile(
    r"\b(?:shots?|rounds?|bullets?|times|explosions?|blasts?|bombs?|vehicles?|cars?|homes?|houses?|"
    r"incidents?|shootings?|attacks?|guns?|weapons?|handguns?|rifles?|days?|hours?|minutes?|weeks?|"
    r"months?|years?|counts?|charges?|buildings?|blocks?|miles?|feet|"
    # animals: a hunting season's tally ("9,000 elk were killed"), a barn fire, a family pet
    r"dogs?|puppies|cats?|kittens?|animals?|pets?|horses?|deer|elk|moose|bears?|wolves|wolf|coyotes?|"
    r"birds?|ducks?|geese|turkeys?|fish|cattle|cows?|calves|pigs?|hogs?|sheep|goats?|chickens?|livestock)\b",
    re.IGNORECASE,
)
# A capitalised word of a place name, never a happening or a fate (a Title Case headline capitalises
# them: "Five Victims in Overtown Drive-By Shooting Dies").
# The nouns of a happening or a stretch of time, which a place of people is not.
_EVENT_OR_TIME = (
    r"(?:(?:accidental|fatal|deadly|mass)|(?:shooting|stabbing|attack|crash|fire|blast|explosion|accident|incident|"
    r"collapse|killing|death|murder|homicide|day|week|month|year|hour|minute|night|morning|evening|weekend)s?)\b"
)
_PLACE_WORD = (
    r"(?!(?i:shootings?|attacks?|crash|fire|deaths?|killings?|stabbings?|incidents?|blasts?|explosions?|standoff|"
    r"gunfire|drive-by|connection|custody|critical|serious|stable|hospital|dies|died|dead|killed|injured|wounded|"
    r"hurt|shot)\b)(?-i:[A-Z][\w'’-]+)"
)
_COUNT_RIGHT = re.compile(
    rf"^(?P<noun>(?:\s+(?!{_STOP_NOUN})(?:[A-Za-z][\w'’.-]*|&)){{0,6}}?)"
    # an aside between dashes ("28 people—mostly tourists—were killed"), where the people were
    # ("87,000 people in Syria and Turkey were injured") or that they are all ("200 people in total")
    r"(?:\s*[—–]\s*[^—–.;]{1,40}?\s*[—–]|\s+-\s+[^.;-]{1,40}?\s+-|"
    rf"\s+in\s+(?:total|all|{_PLACE_WORD}(?:\s+(?:and\s+)?{_PLACE_WORD}){{0,3}})|"
    # where they were, "the" and one or two words: "19 people on the ground died", "12 passengers
    # on the bus were killed", "three people inside the house were hurt", "on board"; not the
    # event's or a time's name before its noun ("convicted in the shooting death of", "who would
    # have turned 15 in a few weeks, died")
    rf"\s+(?:(?:in|on|at|inside|aboard|from)\s+(?:the|that|this)(?:\s+(?!{_EVENT_OR_TIME})[a-z][\w'’-]*){{1,2}}|on\s+board|aboard))?"
    r"(?P<of>\s+(?:of\s+(?:them|those|the(?:\s+\w+){1,3}?|whom|which)|others?|more|people))?,?"
    r"(?:\s*,\s*(?:both|each|all|aged?|ages|ranging\s+in\s+age\s+from|(?:all\s+)?between\s+the\s+ages\s+of)?"
    r"\s*\d{1,3}(?:\s*(?:,|and|&|to)\s*\d{1,3})*\s*,"  # ", both 21,"
    r"|\s+(?:aged?|ages|between\s+the\s+ages\s+of)\s+(?:between\s+)?\d{1,3}(?:\s*(?:,|and|&|to|-)\s*\d{1,3})*)?"  # "aged between 20 and 37"
    r"(?:\s*,?\s+including\s+(?:(?!\b(?:who|that|which|died|dies|killed|dead|injured|wounded|hurt|martyred)\b)[^,;.()]){1,60}?"
    r"(?:,|(?=\s+(?:were|was|are|have|had)\b)))?"  # ", including a child,"
    # who most of them were, between commas: "Fifty people, most of them migrant workers, were killed"
    r"(?:\s*,\s*(?:most|many|all|some|several|half|nearly\s+all|almost\s+all)\s+of\s+them\s+[^,;.()]{1,50}?,)?"
    rf"(?P<aux>(?:(?:\s+|(?<=[—–]))(?:{_AUX})\b)*)"  # after a closing dash, no space is needed
    rf"(?:\s+|(?<=[—–]))(?:{_TRIGGER})\b",
    re.IGNORECASE,
)
# A count of people taken from a larger one: "two of the three victims", "all but one of the 224
# on board" (the part before "of" is the count the verb tells, ``_AMOUNT_OF``); "all of the five" is all five.
_PARTITIVE = re.compile(r"\b\w+\s+of\s+(?:the|those|these|its|their)\s+$", re.IGNORECASE)
# The partitives whose first word is an amount ("two of the", "most of the", "all but one of the"),
# not a noun ("the names of the four people who were killed": the four).
_AMOUNT_OF = re.compile(
    r"^(?:\d[\d,]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|[a-z]+teen|twenty|thirty|forty|"
    r"fifty|sixty|seventy|eighty|ninety|hundred|thousand|dozen|dozens|hundreds|thousands|scores|most|many|some|"
    r"several|few|half|none)\s+of\b",
    re.IGNORECASE,
)
_PERSON = (
    r"man|woman|boy|girl|teen|teenager|teen-ager|person|child|toddler|baby|infant|student|officer|deputy|"
    r"trooper|agent|victim|suspect|driver|passenger|resident|father|mother|son|daughter|husband|wife|"
    r"brother|sister|employee|clerk|customer|bystander|gunman|shooter|male|female|youth|juvenile|adult|"
    r"individual|pedestrian|worker|cashier|guard|owner|neighbor|friend|girlfriend|boyfriend|grandmother|"
    r"grandfather|uncle|aunt|cousin|nephew|niece|kid|senior|veteran|security\s+guard|robber|intruder|"
    r"homeowner|tenant|patron|motorist|cyclist|sergeant|detective|policeman|policewoman|soldier|civilian|burglar|thief|"
    r"gunmen|assailant|grandson|granddaughter|stepfather|stepmother|stepson|stepdaughter|fiance|fiancee|fiancé|"
    r"roommate|classmate|partner|ex-wife|ex-husband|ex-girlfriend|ex-boyfriend|mother-in-law|father-in-law|"
    r"grandchild|couple|mom|dad|pastor|teacher|coach|nurse|doctor|inmate|relative|"
    # people named by what they do or are, as news names victims: "Varnton rapper shot and killed"
    r"rapper|musician|singer|artist|actor|actress|athlete|player|firefighter|paramedic|medic|bartender|bouncer|"
    r"landlord|trucker|mechanic|farmer|hunter|manager|principal|priest|preacher|deacon|vendor|marine|sailor|"
    r"airman|ranger|jogger|hiker|camper|fisherman|swimmer|motorcyclist|shopper|gambler|attorney|lawyer|"
    r"prosecutor|politician|mayor|councilman|councilwoman|lawmaker|activist|journalist|reporter|photographer|"
    r"professor|volunteer|witness|informant|prisoner|detainee|hostage|dancer|grandma|grandpa|newborn|preteen|"
    r"schoolgirl|schoolboy|freshman|sophomore|graduate|surgeon|chef|waiter|waitress|contractor|electrician|"
    r"plumber|carpenter|handyman|barber|babysitter|nanny|caregiver|retiree|widow|widower|parent|stepbrother|"
    r"stepsister|half-brother|half-sister|twin|sibling|coworker|co-worker|accomplice|carjacker|lady|gentleman|"
    # who sinkings, crashes and disasters name: "the ferry's captain was arrested", "a migrant drowned"
    r"captain|skipper|pilot|co-pilot|copilot|conductor|crewman|crew\s+member|engineer|station\s*master|migrant|"
    r"refugee|pilgrim|tourist|miner|diver|rescuer|villager|worshipper|"
    # who conflict reports count, on either side: "the clash killed two soldiers and three militants"
    r"militant|insurgent|rebel|fighter|commander|attacker|terrorist|jihadist|separatist|combatant|paratrooper|"
    r"gendarme|constable|militiaman|"
    # who a school, a hospital or a market attack names: "a janitor and two patients were injured"
    r"pupil|patient|janitor|custodian|shopkeeper|trader|labourer|laborer|cleric|imam|monk|nun|"
    # who an industrial disaster's arrests name: "detained the mine's operator and two shift supervisors"
    r"operator|supervisor|foreman|director|executive|official|inspector"
)
_PEOPLE = (
    r"men|women|boys|girls|teens|teenagers|people|persons|children|kids|toddlers|babies|students|officers|"
    r"deputies|troopers|victims|suspects|adults|juveniles|males|females|sons|daughters|brothers|sisters|"
    r"grandchildren|siblings|members|relatives|friends|employees|customers|bystanders|others|residents|"
    r"parents|family\s+members|youths|workers|guards|agents|soldiers|civilians|officials|nurses|students|"
    r"passengers|crew\s+members|migrants|refugees|pilgrims|tourists|miners|villagers|worshippers|firefighters|rescuers|"
    r"militants|insurgents|rebels|fighters|commanders|attackers|terrorists|jihadists|separatists|combatants|"
    r"paratroopers|policemen|policewomen|gendarmes|troops|militiamen|pupils|patients|shopkeepers|traders|labourers|"
    r"laborers|clerics|teachers|doctors|journalists"
)
# "a 4-year-old", "the two-year-old", "a twenty-five-year-old": an age in digits or words names a
# person (any word before "-year-old": listing the number words made every subject pattern slower).
_AGED = r"(?:\d{1,3}|[a-z]+(?:-[a-z]+)?)[- ](?:year|month|week)s?[- ]old\b"
# A possessive whose head is another person: "the boy's mother", "his ex-wife's two sons" (the
# person is the head); a possessive of a body part is the person ("struck the boy's chest").
_OF_PERSON = rf"['’]s?\s+(?:[\w'’-]+\s+){{0,2}}?(?:{_PERSON})(?:s|es|ren)?\b"
_SINGLE_NP = rf"(?:a|an|one|another)\s+(?:(?:[\w'’-]+\s+){{0,3}}?(?:{_PERSON})\b(?!{_OF_PERSON})|{_AGED}(?!\s+(?:{_PERSON})))"
# A person's name (case-sensitive even inside IGNORECASE patterns), optionally with ", 25,".
# "Nobody died", "No one was hurt" state no casualty; title-case boilerplate ("Could Be Damaged Or
# Killed") is no name: conjunctions and auxiliaries are never part of one, nor an uncounted many
# opening a sentence ("Dozens drowned", "Many were hurt", "Several died": more than one person).
_NOT_NAME = (
    r"(?:Nobody|None|No|Noone|Everyone|Everybody|Someone|Somebody|Anyone|Anybody|Or|And|Be|Been|Will|Could|Would|May|Can|"
    r"Have|Has|Dozens|Hundreds|Thousands|Millions|Scores|Tens|Many|Several|Some|Others|Both|All|Few)\b"
)
_NAME = (
    r"(?-i:(?<![\w’'])(?!(?:The|A|An|He|She|It|They|Police|Officers|Authorities|Investigators|Deputies|This|"
    rf"That|But|And|When|Then|After)\b)(?!{_NOT_NAME})[A-Z][a-z'’-]+(?:\s+[A-Z]\.)?(?:\s+(?!{_NOT_NAME})[A-Z][a-z'’-]+){{0,2}}"
    r"(?:\s+(?:Jr|Sr|II|III)\.?)?(?:,\s*\d{1,3}\s*,)?)"
)
_HEADLINE_NP = (
    rf"(?-i:(?:[A-Z][\w'’.-]*\s+)+)(?:\d+-year-old\s+)?(?:{_PERSON})\b|"
    rf"^(?:[\w'’-]+\s+){{0,2}}?(?:\d+-year-old\s+|{_AGED}\s+)?(?:{_PERSON})\b"
)
_SINGLE_SUBJECT = (
    rf"(?:{_SINGLE_NP}|(?:\bthe|\bone|\bthis|\bthat)\s+(?:(?:[\w'’-]+\s+){{0,2}}?(?:{_PERSON})\b|{_AGED})|\b(?:he|she)\b|"
    rf"(?P<head>{_HEADLINE_NP})|{_NAME}|"
    # a further victim with no noun: "three were killed and another was injured", "a fourth wounded"
    r"\b(?:another|one\s+other|an?\s+(?:second|third|fourth|fifth|sixth)))"
)
_SINGLE = re.compile(
    rf"(?P<np>{_SINGLE_SUBJECT})(?:\s*\([^)]*\))?(?:,\s*(?:\d{{1,3}}|[a-z]+(?:-[a-z]+)?)\s*,)?"
    # who the subject is, set between commas: "the victim, a 23-year-old man, was taken to a hospital"
    r"(?:,\s*(?:a|an)\s+[\w'’-]+(?:\s+[\w'’-]+){0,3}\s*,)?"
    r"(?-i:(?:\s*,?\s*of\s+[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){0,3}(?:,\s*[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){0,2})?\s*,)?)"
    # "another man in the home was wounded", "a man in his 40s was shot", "the guard on duty"
    r"(?-i:(?:\s+(?:in|inside|at)\s+the\s+[a-z]+|\s+on\s+duty|\s+in\s+(?:his|her|their)\s+(?:early\s+|mid\s+|late\s+|mid-)?(?:\d0s|teens|twenties|"
    r"thirties|forties|fifties|sixties|seventies|eighties))?)"
    # the attack that made a victim: "the victim of Friday night's shooting died", "a victim of last
    # week's shooting in Manson has died"
    r"(?:\s+of\s+(?:[\w'’-]+\s+){0,4}?(?:shooting|stabbing|attack|crash)(?-i:\s+in\s+[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)?)?)?"
    # the subject's earlier deed, then its fate: "Roe had been waiting for a bus and was shot"
    # or its state, then its death: "the boy was taken off life support and died" (``then``)
    r"(?:\s+(?:had\s+been|had|was|were)\s+[a-z][^.;,:]{0,50}?\s+(?:and(?=\s+(?:was|had\s+been)\s)|(?P<then>and)(?=\s+(?:later\s+)?$)))?"
    r"(?P<aux>(?:\s+(?:(?:who|that)\s+(?:was|is|has\s+been|had\s+been)|was|has\s+been|had\s+been|is|later|reportedly|also|allegedly|then|critically|seriously|"
    r"badly|severely|gravely|slightly|"
    r"subsequently|eventually|apparently|accidentally|reportedly|fatally|just|being|got|listed|remains|remained|"
    # any other adverb before the verb ("Roe sadly passed away", "the boy tragically died") but a
    # hedge, which says it did not or may not have happened ("nearly killed", "likely dead")
    r"(?!(?:nearly|almost|likely|possibly|probably|narrowly|barely|hardly|supposedly|presumably|only)\b)(?-i:[a-z]+ly)))*)\s+$",
    re.IGNORECASE,
)
_REFLEXIVE = re.compile(
    r"\b(?:(?P<verb>killed|killing|fatally\s+shot|fatally\s+shooting|shot|shooting|wounded|wounding)\s+"
    r"(?P<self>himself|herself)|(?P<took>took|taking)\s+(?P<life>his\s+own\s+life|her\s+own\s+life))\b",
    re.IGNORECASE,
)
# "was shot ... and pronounced dead", "taken to a hospital, where he died", "was being flown to a
# hospital when he died": the one person died.
_DIED_AFTER = re.compile(
    r"[^.;]*?(?:\band|\bwhere|\bwhen|\bbut|\bwho|,)\s+(?:(?:he|she|they|the\s+victims?|was|were|later|then|eventually|subsequently|has|had|"
    r"soon|shortly|since|been|they\s+told\s+us\s+that|doctors|medics|paramedics|surgeons)\s+)*"
    # "but a spokesperson says the child passed away": a reporting verb between
    r"(?:(?:[\w'’-]+\s+){1,5}?(?:says?|said|confirmed|reported)\s+(?:that\s+)?(?:(?:the|this)\s+[\w'’-]+|he|she|they)\s+(?:has\s+|had\s+|later\s+)?)?"
    # "killed" with an object of its own ("left eight injured and killed a man", "the gunman killed
    # himself") is someone else's death
    # (a capitalised word after it may be a Title Case headline's: "Man Shot, Killed Few Blocks Away")
    r"(?:pronounced\s+(?:dead|deceased)|declared\s+(?:clinically\s+)?(?:dead|deceased)|died|dies|killed(?!\s+(?:an?\b|the\b|\d|"
    r"(?:one|two|three|four|five|six|seven|eight|nine|ten|his|her|their|himself|herself|themselves)\b))|"
    r"succumbed|passed(?:\s+away)?|(?:was|were)\s+(?:dead|deceased)|"
    r"(?:did\s+not|didn['’]t)\s+survive|(?:could\s+not|couldn['’]t)\s+be\s+saved|(?:(?:was|were)\s+)?(?:not\s+able|unable)\s+to\s+save)\b",
    re.IGNORECASE,
)
# "and that does not include the nine who died", "two others who died": a count of its own before
# "who" makes the death that count's, not of the people counted before.
_OTHERS_WHO = re.compile(
    r"\b(?:\d[\d,]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|dozens|hundreds|several)"
    r"\s+(?:[\w'’-]+\s+){0,2}?who\b",
    re.IGNORECASE,
)


def died_after(text: str, at: int) -> re.Match[str] | None:
    """``_DIED_AFTER`` matched at ``at``, unless the death it reaches is told of another count of
    people ("Forty were hurt, and that does not include the nine who died": the forty lived)."""
    match = _DIED_AFTER.match(text, at)
    if match is not None and _OTHERS_WHO.search(text, at, match.end()):
        return None
    return match


# "Brain dead" is a patient on life support, not a death the tolls count.
_DEATH_WORD = re.compile(r"\b(?:died|dies|(?<!brain\s)(?<!brain-)dead|deceased|killed|death|fatal(?:ly)?|succumbed)\b", re.IGNORECASE)
_CUSTODY = re.compile(r"\b(?:took|taken|take|taking)\s+(?P<who>him|her)\s+into\s+(?:police\s+)?custody\b", re.IGNORECASE)
# Whole words without which _REFLEXIVE ("himself", "herself", "his own life") and _CUSTODY cannot match.
_REFLEXIVE_WORDS = frozenset({"himself", "herself", "life"})
_CUSTODY_WORDS = frozenset({"custody"})
# A person's noun anywhere in a phrase, singular or plural: what tells a described person ("Varnton
# teen", "3 adults") from a name alone ("Jon Roe").
_PERSON_WORD = re.compile(rf"\b(?:{_PERSON}|{_PEOPLE})\b", re.IGNORECASE)
_TRIGGER_ONLY = re.compile(rf"\b(?:{_TRIGGER})\b", re.IGNORECASE)
# _TRIGGER_ONLY cannot match without one of these whole words: for each alternative of _TRIGGERS,
# one word it requires, in every form the alternative allows ("in critical condition" needs
# "condition", "with ... gunshot wounds" needs "gunshot", "taken to ... hospital" needs "taken").
_TRIGGER_WORDS = frozenset(
    # _KILLED
    "shot stabbed beaten fatally mortally dead killed deceased died dies die slain murdered death deaths fatalities lost succumbed away "
    "succumb succumbs martyred martyrdom perished breathed drowned suffocated asphyxiated electrocuted "
    # _INJURED
    "injured wounded hurt hospitalised hospitalized injuries recovering treated condition suffering suffered sustained "
    "sustaining received receiving taken transported rushed airlifted flown hit struck grazed showed turned arrived "
    "walked gunshot wound wounds treatment treated icu intensive discharged conditions "
    # _MISSING, _ARRESTED (_SHOT starts with shot, struck, hit or grazed, listed above)
    "missing unaccounted arrested detained custody apprehended charged booked facing faces".split()
)


@lru_cache(maxsize=256)
def _triggers(text: str) -> tuple[re.Match[str], ...]:
    """The casualty words of ``text`` (``_TRIGGER_ONLY``): _lists and _singles both read them, so
    the costly scan runs once per sentence, and only when one of its required words is there."""
    return tuple(_TRIGGER_ONLY.finditer(text)) if has_any(text, _TRIGGER_WORDS) else ()
# A person's death told by its own verb, no one doing it: "died", "drowned", "succumbed to his
# wounds" (``parts`` reads increments with it, ``counts`` a partitive's own verb, ``_INTRANSITIVE``
# a subject with no object).
_DYING = (
    r"(?:died|dies|succumb(?:ed|s)?|pass(?:ed|es)\s+away|breathed\s+(?:their|his|her)\s+last|perished|drowned|"
    r"suffocated|asphyxiated)"
)
_INTRANSITIVE = re.compile(
    rf"(?:{_DYING}|die|(?:has|have)\s+succumbed|dead|lost|suffer(?:ed|ing|s)|sustain(?:ed|ing|s)|receiv(?:ed|ing|es)|fac(?:es|ing)|in\s+(?:critical|serious|stable|fair|good)"
    r"\s+condition)\b",
    re.IGNORECASE,
)
_FATAL_OF = re.compile(
    r"\b(?:fatal(?:ly)?\s+(?:shooting|stabbing|wounding)|(?:shooting|stabbing)\s+death|murder|killing|slaying)\s+of\s+"
    rf"(?P<np>(?:{_SINGLE_NP}|(?:the\s+|his\s+|her\s+)?{_AGED}\s+(?:(?:{_PERSON})\b|{_NAME})|{_NAME}))",
    re.IGNORECASE,
)
# _FATAL_OF cannot match without one of these whole words ("fatal(ly) shooting of", "shooting death
# of", "murder of", "killing of", "slaying of").
_FATAL_OF_WORDS = frozenset({"fatal", "fatally", "death", "murder", "killing", "slaying"})
_OBJECT_VERB = re.compile(
    # a way of killing with its object after it: "shot dead 12 people", "hacked to death three villagers"
    r"\b(?P<verb>(?:shot|shooting|shoots)\s+dead|(?:(?:stabb|hack|beat|club|bludgeon|burn)(?:ed|ing)|beaten|beat|burnt)\s+to\s+death|"
    r"(?:shot\s+and\s+)?(?:killing|killed|kills|kill|leaving|left|leaves|wounding|wounded|wounds|"
    r"injuring|injured|injures|arrested|arresting|arrest|detained|detaining|shot|shooting|shoots|hitting|striking|"
    r"grazed|grazing|grazes|struck|strikes|hit|hits|drowning|"
    r"claim(?:ed|ing)?\s+the\s+lives?\s+of|took\s+the\s+lives?\s+of|(?:the\s+)?bodies\s+of|(?:the\s+)?deaths?\s+of|"
    rf"{_FATALLY}\s+(?:shot|shooting|shoots|wounded|wounding|wounds|injured|injuring|injures|stabbed|stabbing|stabs|struck|striking|strikes|hit|hitting|hits)|"
    r"found|sent|sending|sends))"
    r"\s+(?:another\s+|an\s+additional\s+|(?:at\s+least\s+))?$",
    re.IGNORECASE,
)
_OBJECT_TAIL = re.compile(
    r"^(?P<noun>(?:\s+(?!" + _STOP_NOUN + r")[A-Za-z][\w'’-]*){0,3}?)\s*"
    r"(?P<adj>dead|injured|wounded|hurt|to\s+(?:(?:the|a|an|area|local|nearby)\s+){0,2}hospitals?)?\b",
    re.IGNORECASE,
)
_OBJECT_TAIL_ADJ = re.compile(_OBJECT_TAIL.pattern.replace(r"hospitals?)?\b", r"hospitals?)\b"), re.IGNORECASE)
_OBJECT_SINGLE = re.compile(
    rf"^\s*(?P<np>{_SINGLE_NP}|(?:his|her|their|the)\s+(?:[\w'’-]+\s+){{0,2}}?(?:{_PERSON})\b(?!{_OF_PERSON}|\s*(?:,|and\b))|"
    rf"{_AGED}\s+{_NAME}|(?-i:[A-Z][a-z'’-]+(?:\s+[A-Z][a-z'’-]+){{0,2}}['’]s?\s+)(?:{_PERSON})\b)",
    re.IGNORECASE,
)
@dataclass(frozen=True, slots=True)
class _Found:
    """A casualty figure before it becomes a mention: kind name, value, where, which rule.

    For a range ("two or three people were hurt") ``value`` is the high end, used only to compare
    figures inside the extractor; the mention gets ``value=None`` and ``low``/``high``. ``stage``,
    ``scope`` and ``detail`` are set by a rule that reads them with the figure ("from 95", "three in
    Andalusia"); otherwise ``provenance`` and ``scope`` read them from the sentence and the report.
    """

    kind: str
    value: float
    start: int
    end: int
    rule: str
    qualifier: str | None = None
    low: float | None = None
    stage: Stage | None = None
    scope: str | None = None
    detail: str | None = None


gate_patterns(globals())  # crosscheck.nlp.regex: a first-character gate on patterns the engine cannot skip ahead in
