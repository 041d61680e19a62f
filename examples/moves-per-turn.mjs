// A custom metric module for Zombie Trainers: moves per turn (a ratio over all turns) and the
// share of turns with at least one catch attempt (a rate). Hordelab hands it every event of
// every match; it returns whole numbers per match, which merge exactly.
export default {
  name: 'moves-per-turn',
  description: 'Moves per turn, and the share of turns with a catch attempt',
  games: ['zombie-trainers'],
  create() {
    let moves = 0;
    let turns = 0;
    let turnsWithCatch = 0;
    let caughtThisTurn = false;
    return {
      onEvent(event) {
        if (event.type === 'move') moves++;
        if (event.type === 'catch') caughtThisTurn = true;
        if (event.type === 'turnEnd') {
          turns++;
          if (caughtThisTurn) turnsWithCatch++;
          caughtThisTurn = false;
        }
      },
      finishMatch() {
        const figures = {
          movesPerTurn: { numerator: moves, denominator: turns },
          turnsWithCatch: { successes: turnsWithCatch, trials: turns },
          moves: { count: moves },
        };
        moves = 0;
        turns = 0;
        turnsWithCatch = 0;
        caughtThisTurn = false;
        return figures;
      },
    };
  },
};
