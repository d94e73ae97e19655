"""Whether a negation in a sentence denies the words at a given span, read from the dependency parse.

A negation word near a claim's trigger does not always deny the claim: "police have not identified
the gunman" denies an identification, not that a gunman fired; "no shooter has been arrested"
denies an arrest; "she did not hear the gunshots" denies the hearing. A negation denies what its
predicate (the verb it hangs from, or the verb that governs the noun it determines) says, so it
denies the trigger when:

* it is attached to the trigger itself ("not a robbery", "he was not shot"), or determines the
  subject of the trigger's own verb ("no one was stabbed");
* the predicate is a copula or an existential whose complement is the trigger ("it was not a
  robbery", "there was no gunman"), unless the subject is a person: "Roe was not the shooter"
  tells who, not whether;
* the predicate is "have" and the trigger is, or directly completes, its object ("police do not
  have a suspect in custody"; not "had no information on the shooter");
* the predicate is a verb that passes its negation down to what it governs ("does not appear to
  be gang-related", "she doesn't believe it was an accident");
* the negation determines a noun of evidence ("no indication it was terrorism");
* a verb of denial governs the trigger and is not negated itself ("police ruled out a
  murder-suicide", but "have not ruled out").

Only sentences where a negation word stands just before a trigger are parsed, so the cost is a
few parses per hundred reports.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

# Word forms, not lemmas: the parser is loaded without its lemmatizer.
_NEGATORS = frozenset({"not", "n't", "no", "never", "neither", "nor", "without", "none", "nobody", "nothing"})
_DENIALS = frozenset({"deny", "denies", "denied", "denying", "dismiss", "dismisses", "dismissed", "dismissing", "reject",
                      "rejects", "rejected", "rejecting"})
_RULE = frozenset({"rule", "rules", "ruled", "ruling"})
_COPULAS = frozenset({"be", "is", "are", "was", "were", "been", "being", "'s", "’s", "am"})
_HAVE = frozenset({"have", "has", "had", "having"})
_RAISING = frozenset({"appear", "appears", "appeared", "seem", "seems", "seemed", "think", "thinks", "thought", "believe",
                      "believes", "believed", "expect", "expects", "expected", "suppose", "feel", "feels", "felt"})
_EVIDENCE = frozenset({"indication", "indications", "evidence", "sign", "signs", "suggestion", "proof"})
_PREDICATES = frozenset({"VERB", "AUX"})
# A verb form that modifies or completes a noun or a copula is not a predicate of its own.
_MODIFIERS = frozenset({"amod", "compound", "acomp", "attr", "nmod", "npadvmod", "advmod", "prt"})
_PERSONAL = frozenset({"i", "you", "he", "she", "we", "they", "who"})
# A trigger reached through these is about another thing: "the gunman's target", "no description
# of the gunman" (the description, not the gunman, is what is denied).
_OF_ANOTHER = frozenset({"poss", "pobj"})


def negation_reaches(parsed: Doc, start: int, end: int) -> bool:
    """Whether a negation of the sentence ``parsed`` denies the words at ``[start, end)`` (offsets
    into the parsed text)."""
    trigger = [t for t in parsed if start <= t.idx < end]
    if not trigger:
        return False
    inside = {t.i for t in trigger}
    head = next((t for t in trigger if t.head.i not in inside or t.head.i == t.i), trigger[0])
    governing = _predicate(head)
    for token in parsed:
        if token.i in inside:
            continue
        if token.lower_ in _NEGATORS and token.i < head.i:
            if _negator_denies(token, governing, inside, head):
                return True
        elif _is_denial(token) and not _negated(token) and _within(head, token):
            return True
    return False


def _predicate(token: Token) -> Token:
    """The verb a token belongs to: itself, or its nearest verbal ancestor (the root if none)."""
    current = token
    while (current.pos_ not in _PREDICATES or current.dep_ in _MODIFIERS) and current.head.i != current.i:
        current = current.head
    return current


def _negator_denies(negator: Token, governing: Token, inside: set[int], trigger: Token) -> bool:
    """Whether one negation word denies the trigger (the cases of the module's docstring)."""
    if negator.head.i in inside and negator.dep_ not in {"det", "preconj"}:
        return True  # "not a robbery"; but "no shooter has been identified" is read by its predicate
    if negator.lower_ == "without":
        return _within(trigger, negator)
    predicate = _predicate(negator.head)
    if negator.head.lower_ in _EVIDENCE or predicate.lower_ in _RAISING:
        return _within(trigger, predicate)
    if predicate.i != governing.i:
        return False
    if governing.i in inside:
        return True
    if governing.lower_ in _HAVE:
        return _completes_object(trigger, governing)
    return governing.lower_ in _COPULAS and not _tells_who(governing, trigger) and not _of_another(trigger, governing)


def _completes_object(trigger: Token, have: Token) -> bool:
    """"do not have a suspect in custody": the trigger is the object of "have" or attaches to it."""
    objects = {c.i for c in have.children if c.dep_ == "dobj"}
    return trigger.i in objects or trigger.head.i in objects or trigger.head.i == have.i


def _tells_who(copula: Token, trigger: Token) -> bool:
    """"Roe was not the shooter": a person's identity, not whether the thing happened."""
    if trigger.dep_ != "attr":
        return False
    subjects = [c for c in copula.children if c.dep_ in {"nsubj", "nsubjpass"}]
    return any(s.pos_ == "PROPN" or s.lower_ in _PERSONAL for s in subjects)


def _of_another(trigger: Token, predicate: Token) -> bool:
    """Whether the trigger hangs from another noun on its way up to the predicate."""
    current = trigger
    while current.i != predicate.i and current.head.i != current.i:
        if current.dep_ in _OF_ANOTHER:
            return True
        current = current.head
    return False


def _is_denial(token: Token) -> bool:
    """A verb of denial: "denied", "dismissed", "rejected", "ruled out"."""
    if token.pos_ != "VERB":
        return False
    if token.lower_ in _DENIALS:
        return True
    return token.lower_ in _RULE and any(c.dep_ == "prt" and c.lower_ == "out" for c in token.children)


def _negated(token: Token) -> bool:
    return any(c.dep_ == "neg" or c.lower_ in {"not", "n't", "never"} for c in token.children)


def _within(token: Token, governor: Token) -> bool:
    """Whether ``token`` lies in the subtree of ``governor``."""
    return token.i == governor.i or any(a.i == governor.i for a in token.ancestors)
