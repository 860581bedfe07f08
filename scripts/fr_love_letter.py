"""French for the ``love_letter`` domain: the rules text's own words (manche, pioche, jeton de faveur, face visible).

Players are never given a gendered participle: "sort de la manche", not "éliminé·e".
"""

TRANSLATIONS = {
    'player {n}': "joueur {n}",
    ('{count} card', '{count} cards'): ("{count} carte", "{count} cartes"),
    ('{count} favour token', '{count} favour tokens'): ("{count} jeton de faveur", "{count} jetons de faveur"),
    '{card}, {value}': "{card}, {value}",
    'Love Letter, {players}: {tokens} to win the game.': "Love Letter, {players} : {tokens} pour gagner la partie.",
    ('{count} player', '{count} players'): ("{count} joueur", "{count} joueurs"),
    'Round {round}. Shuffle the {total} cards, remove one face down, set three aside face up and deal one card to each player; {player} starts. Type {aside} and the three cards set aside.':
        "Manche {round}. Mélangez les {total} cartes, retirez-en une face cachée, écartez-en trois face visible et distribuez une carte à chaque joueur ; {player} commence. Tapez {aside} et les trois cartes écartées.",
    'Round {round}. Shuffle the {total} cards, remove one face down and deal one card to each player; {player} starts.':
        "Manche {round}. Mélangez les {total} cartes, retirez-en une face cachée et distribuez une carte à chaque joueur ; {player} commence.",
    'Set aside face up: {cards}. Deck: {deck}.': "Écartées face visible : {cards}. Pioche : {deck}.",
    "{player}'s turn: draw a card. Deck: {deck}.": "{player}, à vous : piochez une carte. Pioche : {deck}.",
    'That was the last card: the round ends after this turn.': "C'était la dernière carte : la manche finit après ce tour.",
    'The Handmaid no longer protects {player}.': "La Servante ne protège plus {player}.",
    '{player} plays {card}': "{player} joue {card}",
    ', on {target}': ", sur {target}",
    ', naming {card}': ", et nomme {card}",
    ': every other player is protected, no effect': " : tous les autres joueurs sont protégés, sans effet",
    'If the card of {target} is {card}, type: {command}.': "{target} : si sa carte est {card}, tapez : {command}.",
    '{player} looks at the card of {target} in secret.': "{player} regarde en secret la carte que tient {target}.",
    '{player} and {target} compare their cards in secret: type {compare}, then each value, unseen.':
        "{player} et {target} comparent leurs cartes en secret : tapez {compare}, puis chaque valeur, sans affichage.",
    '{player} is protected until their next turn.': "{player} est sous la protection de la Servante jusqu'à son prochain tour.",
    '{target} discards their card face up: type {command} and the card.': "{target} défausse sa carte face visible : tapez {command} et la carte.",
    '{player} and {target} swap their cards.': "{player} et {target} échangent leurs cartes.",
    'No effect.': "Sans effet.",
    '{player} played the Princess and is out of the round. To show their other card, type {command} and the card.':
        "{player} a joué la Princesse et sort de la manche. Pour montrer son autre carte, tapez {command} et la carte.",
    '{player} discarded the Princess and is out of the round.': "{player} a défaussé la Princesse et sort de la manche.",
    '{player} is out of the round; their card goes face up: {card}.': "{player} sort de la manche ; sa carte va face visible : {card}.",
    '{player} is out of the round.': "{player} sort de la manche.",
    ('{count} player left in the round.', '{count} players left in the round.'):
        ("Encore {count} joueur en lice.", "Encore {count} joueurs en lice."),
    '{player} shows their card: {card}, face up.': "{player} montre sa carte : {card}, face visible.",
    '{player} discards {card} face up and draws again. Deck: {deck}.': "{player} défausse {card} face visible et repioche. Pioche : {deck}.",
    '{player} discards {card} face up and takes the card removed face down.':
        "{player} défausse {card} face visible et prend la carte retirée face cachée.",
    '{player} discards {card} face up.': "{player} défausse {card} face visible.",
    'Baron: {player} and {target} tie, nobody is out.': "Baron : égalité entre {player} et {target}, personne ne sort.",
    'The deck is empty: the round ends. Each player still in reveals their card: type {reveal}, the player and the card. Waiting for {players}.':
        "La pioche est vide : la manche finit. Chaque joueur encore en lice révèle sa carte : tapez {reveal}, le joueur et la carte. On attend {players}.",
    '{player} reveals {card}.': "{player} révèle {card}.",
    'Waiting for {players}.': "On attend {players}.",
    '{player} is the last one in and wins round {round}.': "{player} reste seul en lice et gagne la manche {round}.",
    '{player} wins round {round} with the highest card, {value}.': "{player} gagne la manche {round} avec la plus haute carte, {value}.",
    'Tie at {value}: {player} wins round {round} with the higher total of cards face up, {total}.':
        "Égalité à {value} : {player} gagne la manche {round} avec le plus haut total de cartes face visible, {total}.",
    'Round {round} is a full tie, at {value} and {total} face up: {players} each win it.':
        "Manche {round} : égalité complète, à {value} et {total} face visible ; {players} la gagnent chacun.",
    'Round {round} is a full tie between {players}, at {value} and {total} face up: nobody wins it.':
        "Manche {round} : égalité complète entre {players}, à {value} et {total} face visible ; personne ne la gagne.",
    '{player} takes a favour token: {tokens} of {to_win}.': "{player} prend un jeton de faveur : {tokens} sur {to_win}.",
    '{player} wins the game with {tokens}.': "{player} remporte la partie avec {tokens}.",
    'Game over, {player} won.': "Partie finie, {player} a gagné.",
    'Round {round}: waiting for the three cards set aside.': "Manche {round} : on attend les trois cartes écartées.",
    'Round {round}: the deck is empty, each player still in reveals their card.':
        "Manche {round} : la pioche est vide, chaque joueur encore en lice révèle sa carte.",
    'Round {round} is over: type {next} for the next round.': "La manche {round} est finie : tapez {next} pour la manche suivante.",
    'Round {round}, turn {turn}, {player} to play.': "Manche {round}, tour {turn} : {player} joue.",
    'Deck: {deck}.': "Pioche : {deck}.",
    'Still in the round: {players}.': "En lice : {players}.",
    'Protected: {players}.': "Protégés : {players}.",
    'Set aside: {cards}.': "Écartées : {cards}.",
    '{count} for {player}': "{count} pour {player}",
    'Favour tokens: {tokens}; {to_win} to win.': "Jetons de faveur : {tokens} ; {to_win} pour gagner.",
    '{card}: {count}': "{card} : {count}",
    ('{count} card not seen face up. {cards}.', '{count} cards not seen face up. {cards}.'):
        ("{count} carte pas encore vue face visible. {cards}.", "{count} cartes pas encore vues face visible. {cards}."),
    'The game is over. Type undo to take back the last command.': "La partie est finie. Tapez annule pour reprendre la dernière commande.",
    'First type {aside} and the three cards set aside face up.': "Tapez d'abord {aside} et les trois cartes écartées face visible.",
    'The deck is empty: first each player still in reveals their card. Waiting for {players}.':
        "La pioche est vide : d'abord, chaque joueur encore en lice révèle sa carte. On attend {players}.",
    'The round is over: type {next} for the next round.': "La manche est finie : tapez {next} pour la manche suivante.",
    'That cannot be done now.': "Ce n'est pas possible maintenant.",
    ('With 2 players, set aside exactly 3 cards, not {count}.', 'With 2 players, set aside exactly 3 cards, not {count}.'):
        ("À 2 joueurs, écartez exactement 3 cartes, pas {count}.", "À 2 joueurs, écartez exactement 3 cartes, pas {count}."),
    ('There is only {count} {card}.', 'There are only {count} copies of {card}.'):
        ("Il n'y a qu'un exemplaire de {card}.", "Il n'y a que {count} exemplaires de {card}."),
    'Which cards are set aside? Type their names after the command.': "Quelles cartes sont écartées ? Tapez leurs noms après la commande.",
    '{player} has already played a card this turn. Type {next} to end the turn.':
        "{player} a déjà joué une carte ce tour-ci. Tapez {next} pour finir le tour.",
    'Every copy of {card} is already face up: it cannot be in a hand.':
        "Tous les exemplaires de {card} sont déjà face visible : cette carte ne peut pas être en main.",
    'Which player does {card} choose? Type the player after the card.': "Quel joueur {card} choisit-il ? Tapez le joueur après la carte.",
    '{card} chooses another player, not yourself.': "{card} choisit un autre joueur, pas vous-même.",
    '{player} is protected by the Handmaid and cannot be chosen.': "La Servante protège {player} : ce joueur ne peut pas être choisi.",
    'No card of value {value} can still be in a hand.': "Aucune carte de valeur {value} ne peut encore être en main.",
    'Which value does the Guard name? Type the player, then a value from 2 to 8.':
        "Quelle valeur le Garde nomme-t-il ? Tapez le joueur, puis une valeur de 2 à 8.",
    'The Guard may not name the Guard: name a value from 2 to 8.': "Le Garde ne peut pas nommer le Garde : nommez une valeur de 2 à 8.",
    '{value} is not a value here: from {low} to {high}.': "{value} n'est pas une valeur possible ici : de {low} à {high}.",
    '{card} does not name a value.': "{card} ne nomme pas de valeur.",
    '{card} does not choose a player.': "{card} ne choisit pas de joueur.",
    '{player} is already out of the round.': "{player} est déjà sorti de la manche.",
    'Nobody can be put out now: only after a Guard or a Baron played this turn.':
        "Personne ne peut sortir de la manche maintenant : seulement après un Garde ou un Baron joué ce tour-ci.",
    'The Guard chose another player, not {player}.': "Le Garde a choisi un autre joueur, pas {player}.",
    'The Guard named {named}, not {card}.': "Le Garde a nommé {named}, pas {card}.",
    "{player} is not in the Baron's comparison.": "{player} ne fait pas partie de la comparaison du Baron.",
    'Which card? Type the card after the player.': "Quelle carte ? Tapez la carte après le joueur.",
    'No comparison now: only after a Baron played on another player this turn.':
        "Pas de comparaison maintenant : seulement après un Baron joué sur un autre joueur ce tour-ci.",
    "Type {compare} alone to type the values in secret, or {compare} and the two values, the Baron's player first.":
        "Tapez {compare} seul pour taper les valeurs en secret, ou {compare} et les deux valeurs, celle du joueur du Baron d'abord.",
    'Nobody discards now: only the player a Prince chose this turn.': "Personne ne défausse maintenant : seulement le joueur choisi par un Prince ce tour-ci.",
    'The Prince chose {target}, not {player}.': "Le Prince a choisi {target}, pas {player}.",
    '{player} has already revealed {card}.': "{player} a déjà révélé {card}.",
    '{player} must play a card before the turn ends.': "{player} doit jouer une carte avant la fin du tour.",
    'First {player} discards their card: type {command} and the card.': "D'abord, {player} défausse sa carte : tapez {command} et la carte.",
    ('There is only {count} player.', 'There are only {count} players.'): ("Il n'y a que {count} joueur.", "Il n'y a que {count} joueurs."),
    'No such player.': "Ce joueur n'existe pas.",
    'No such card.': "Cette carte n'existe pas.",
    'This game is for {low} to {high} players.': "Ce jeu se joue de {low} à {high} joueurs.",
    'Give one name per player: {players} names.': "Donnez un nom par joueur : {players} noms.",
    'The tie rule is all or none.': "La règle d'égalité est all (tous) ou none (personne).",
    'That command is refused ({code}). Nothing was changed.': "Cette commande est refusée ({code}). Rien n'a changé.",
    'status: round, favour tokens, deck, who is still in, who is protected, whose turn.':
        "état : manche, jetons de faveur, pioche, qui est en lice, qui est protégé, à qui de jouer.",
    'play CARD, then the player it chooses, and for the Guard the value named: play guard 2 priest.':
        "joue CARTE, puis le joueur qu'elle choisit, et pour le Garde la valeur nommée : joue garde 2 prêtre.",
    'aside CARD CARD CARD: with 2 players, the three cards set aside face up.':
        "écartées CARTE CARTE CARTE : à 2 joueurs, les trois cartes écartées face visible.",
    'out PLAYER: the Guard guessed right; out PLAYER CARD: a player is out and their card goes face up.':
        "éliminé JOUEUR : le Garde a deviné juste ; éliminé JOUEUR CARTE : un joueur sort de la manche et sa carte va face visible.",
    'discard PLAYER CARD: the player a Prince chose discards face up and draws again.':
        "défausse JOUEUR CARTE : le joueur choisi par un Prince défausse face visible et repioche.",
    "compare: the Baron's comparison, both values typed secretly; compare VALUE VALUE in scripts.":
        "compare : la comparaison du Baron, les deux valeurs tapées en secret ; compare VALEUR VALEUR dans les scripts.",
    'reveal PLAYER CARD: at the end of a round, a player still in shows their card.':
        "révèle JOUEUR CARTE : à la fin d'une manche, un joueur encore en lice montre sa carte.",
    "next: end the turn (the next player's draw is counted), or start the next round.":
        "suivant : finit le tour (la pioche du joueur suivant est comptée), ou commence la manche suivante.",
    'unseen: how many copies of each card are not yet seen face up this round.':
        "restantes : combien d'exemplaires de chaque carte ne sont pas encore vus face visible dans cette manche.",
}
