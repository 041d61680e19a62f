// A user agent: takes the action the game's heuristic rates best right after it, with a little
// seeded noise so equal actions are not always taken in list order. Use it in a scenario as
//   seats: [{ agent: ../examples/heuristic-picker.mjs, config: { noise: 0.01 } }, random]
export default function heuristicPicker(config, { game, seat, rng }) {
  const noise = config.noise ?? 0;
  return {
    chooseAction(decision) {
      const state = decision.searchState(rng); // a copy (a determinization if cards are hidden)
      let best = 0;
      let bestValue = -Infinity;
      decision.legalActions.forEach((action, index) => {
        const next = game.clone(state);
        game.apply(next, action, null); // may stop at a chance node: heuristics value those too
        const value = game.heuristic(next)[seat] + noise * rng.float();
        if (value > bestValue) [best, bestValue] = [index, value];
      });
      return best; // the index of a legal action
    },
  };
}
