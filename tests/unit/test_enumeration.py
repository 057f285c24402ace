"""Which queries ask for a set or a count (`service.engine.enumeration`), on the benches' own
wordings: LoCoMo's multi-hop and open-domain questions, LongMemEval's multi-session ones. A
set or a count is detected; one value, a choice of one ("which one did I buy first?"), a
duration, a comparison of two values and a value asked about now are not."""

from __future__ import annotations

import pytest

from service.engine.enumeration import is_enumeration

SETS = [
    # LoCoMo, multi-hop
    "Which cities has John been to?",
    "Which geographical locations has Tim been to?",
    "What video games does Nate play?",
    "What musical artists/bands has Melanie seen?",
    "What are the names of John's children?",
    "What are Joanna's hobbies?",
    "What activities has Melanie done with her family?",
    "What causes does John feel passionate about supporting?",
    "What people has Maria met and helped while volunteering?",
    "What areas of the U.S. has John been to or is planning to go to?",
    "What events for veterans has John participated in?",
    "What kind of writings does Joanna do?",
    "What Star Wars books has Tim read?",
    "How many games has John mentioned winning?",
    "How many turtles does Nate have?",
    "Which city have both Jean and John visited?",
    "What subject have Caroline and Melanie both painted?",
    # LoCoMo, open-domain
    "What attributes describe John?",
    "What pets wouldn't cause any discomfort to Joanna?",
    "How many hikes has Joanna been on?",
    # LongMemEval, multi-session
    "How many different art-related events did I attend in the past month?",
    "How many hours have I spent playing games in total?",
    "How much total money did I spend on attending workshops in the last four months?",
    "What is the total number of goals and assists I have in the recreational indoor soccer "
    "league?",
    "What is the average age of me, my parents, and my grandparents?",
    "How many plants did I acquire in the last month?",
    "What is the order of the three trips I took in the past three months, from earliest to "
    "latest?",
    # Other wordings of a list
    "List all the restaurants I mentioned.",
    "How many times did I go to the gym?",
    "What books did I read in the last month?",
]

ONE_VALUE = [
    # A choice of one among several
    "Which one did I buy first?",
    "Which of my pets did I adopt first?",
    "Who did I meet first, Mark and Sarah or Tom?",
    "Which trips were the longest?",
    "Where did I go on my most recent family trip?",
    # One value, a singular noun
    "What kind of art does Caroline make?",
    "What state did Nate visit?",
    "What is Caroline's relationship status?",
    "What did Caroline research?",
    "When did Melanie go on a hike after the roadtrip?",
    # An -s word that is a verb, a name ending in s
    "What makes John happy?",
    "What causes his allergies?",
    "What inspired James to create the game character in the virtual world?",
    "What happened to Nate's turtles?",
    # A duration or an age, not a count of things
    "How many days did it take for my iPad case to arrive after I bought it?",
    "How many weeks had passed since I recovered from the flu?",
    "How many hours do I work in a typical week during peak campaign seasons?",
    # A value asked about now: a knowledge update
    "How many dozen eggs do we currently have stocked up in our refrigerator?",
    # A comparison of two values
    "For my daily commute, how much more expensive was the taxi ride compared to the train fare?",
]


@pytest.mark.parametrize("query", SETS)
def test_a_set_or_a_count_is_an_enumeration(query: str) -> None:
    assert is_enumeration(query)


@pytest.mark.parametrize("query", ONE_VALUE)
def test_one_value_is_not(query: str) -> None:
    assert not is_enumeration(query)
