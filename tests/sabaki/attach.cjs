// Attaches koan to Sabaki's own GTP library (@sabaki/gtp) the way Sabaki's engine syncer
// does: starts it, syncs a short game (pipelined komi, boardsize, clear_board, play, undo),
// runs analyses for a second each and stops them by sending the next command, then
// generates a move with genmove_analyze. Every analysis line is parsed by the rules of
// Sabaki's analysis parser; any error response or unparsable line fails the run.
//
// Usage: node attach.cjs KOAN_BINARY DIR_WITH_NODE_MODULES
// Run by tests/sabaki_gtp.rs, which installs @sabaki/gtp into DIR first. VERBOSE=1 echoes
// each command sent to standard error.

'use strict'

const path = require('path')
const [koan, modules] = process.argv.slice(2)
if (!koan || !modules) {
  console.error('usage: node attach.cjs KOAN_BINARY DIR_WITH_NODE_MODULES')
  process.exit(2)
}
const {Controller, ControllerStateTracker} = require(path.join(
  modules,
  'node_modules',
  '@sabaki',
  'gtp'
))

const problems = []
const problem = text => {
  problems.push(text)
  console.error(`PROBLEM: ${text}`)
}

function must(condition, text) {
  if (!condition) problem(text)
}

const sleep = ms => new Promise(resolve => setTimeout(resolve, ms))

// Sabaki's reading of one analysis line (its engine syncer's parser, restated): ownership,
// when present, ends the line and is cut off first; the rest splits at each "info"; each
// entry ends with its principal variation, a run of vertices or passes, and before it has
// key-value pairs, the last key being "pv". A winrate with a decimal point is a fraction
// (KataGo), without one it is in 1/10000 (Leela Zero). Returns the variations or throws.
function parseAnalysisLine(line, size) {
  const vertex = /^(pass|[A-HJ-Z]\d+)$/
  let body = line
  let ownership = null
  const at = line.search(/\sownership\s/)
  if (at >= 0) {
    ownership = line
      .slice(at)
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number)
    body = line.slice(0, at)
    if (ownership.length !== size * size || ownership.some(v => !(v >= -1 && v <= 1)))
      throw new Error(`bad ownership: ${ownership.length} values`)
  }
  const entries = body.split(/\s*info\s+/).slice(1)
  if (entries.length === 0) throw new Error('no info entry')
  return entries.map(entry => {
    const pv = entry.trim().match(/(pass|[A-Za-z]\d+)(\s+(pass|[A-Za-z]\d+))*$/)
    if (pv == null) throw new Error(`no pv at the end of: ${entry}`)
    const tokens = entry.slice(0, pv.index).trim().split(/\s+/)
    if (tokens.pop() !== 'pv' || tokens.length % 2 !== 0)
      throw new Error(`not key-value pairs before the pv: ${entry}`)
    const fields = {}
    for (let i = 0; i < tokens.length; i += 2) fields[tokens[i]] = tokens[i + 1]
    for (const key of ['move', 'visits', 'winrate'])
      if (fields[key] == null) throw new Error(`no ${key}: ${entry}`)
    if (!vertex.test(fields.move)) throw new Error(`bad move: ${entry}`)
    const moves = pv[0].split(/\s+/)
    if (moves[0] !== fields.move) throw new Error(`the pv does not start with the move: ${entry}`)
    const percent = fields.winrate.includes('.') ? +fields.winrate * 100 : +fields.winrate / 100
    if (!(percent >= 0 && percent <= 100)) throw new Error(`bad winrate: ${entry}`)
    if (!/^\d+$/.test(fields.visits)) throw new Error(`bad visits: ${entry}`)
    const scoreLead = fields.scoreLead != null ? +fields.scoreLead : null
    if (scoreLead != null && !Number.isFinite(scoreLead)) throw new Error(`bad scoreLead: ${entry}`)
    return {move: fields.move, visits: +fields.visits, winrate: percent, scoreLead, moves, ownership}
  })
}

// A short 9x9 game as Sabaki's history: play commands with upper-case colours.
const moves = ['E5', 'C4', 'G5', 'D6', 'E3', 'F7', 'C6', 'G3']
const history = moves.map((v, i) => ({name: 'play', args: [i % 2 ? 'W' : 'B', v]}))

async function main() {
  const controller = new Controller(koan, [
    '--threads',
    '1',
    '--time-per-move',
    '0.5'
  ])
  const tracker = new ControllerStateTracker(controller)
  const log = []
  controller.on('command-sent', ({command}) => {
    log.push(`> ${command.name} ${command.args.join(' ')}`)
    if (process.env.VERBOSE) console.error(`> ${command.name} ${command.args.join(' ')}`)
  })
  controller.on('response-received', ({command, response}) => {
    const head = response.content.split('\n')[0]
    log.push(`< ${response.error ? '?' : '='} ${head}`)
    if (response.error) problem(`${command.name} ${command.args.join(' ')}: ${response.content}`)
  })
  controller.on('stderr', ({content}) => {
    if (/panicked|ERROR/.test(content)) problem(`stderr: ${content}`)
  })
  controller.start()

  // What Sabaki sends when an engine starts, all at once.
  const [name, version, protocol, list] = await Promise.all([
    controller.sendCommand({name: 'name'}),
    controller.sendCommand({name: 'version'}),
    controller.sendCommand({name: 'protocol_version'}),
    controller.sendCommand({name: 'list_commands'})
  ])
  must(name.content === 'koan', `name: ${name.content}`)
  must(/^\d+\.\d+/.test(version.content), `version: ${version.content}`)
  must(protocol.content === '2', `protocol_version: ${protocol.content}`)
  const commands = list.content.split('\n')
  for (const c of ['komi', 'boardsize', 'clear_board', 'play', 'undo', 'genmove']) {
    must(commands.includes(c), `list_commands lacks ${c}`)
  }

  // Syncing a game: komi, boardsize, then clear_board and the plays, pipelined.
  await tracker.sync({komi: 6.5, boardsize: [9, 9], history})
  must(
    JSON.stringify(tracker.state.history) === JSON.stringify(history),
    'history after the first sync'
  )
  // Going back two moves and trying another: Sabaki undoes and replays the rest.
  const variation = [...history.slice(0, -2), {name: 'play', args: ['B', 'H4']}]
  await tracker.sync({komi: 6.5, boardsize: [9, 9], history: variation})
  must(
    JSON.stringify(tracker.state.history) === JSON.stringify(variation),
    'history after the variation'
  )
  // A new komi and a board of another size: a full replay.
  await tracker.sync({komi: 7.5, boardsize: [13, 13], history: history.slice(0, 3)})
  must(tracker.state.history.length === 3, 'history after the size change')

  const genmove = await tracker.queueCommand({name: 'genmove', args: ['W']})
  must(/^([A-HJ-T]\d+|pass|resign)$/i.test(genmove.content), `genmove: ${genmove.content}`)

  // Analysis, as Sabaki subscribes to it: every streamed line goes through the parser.
  for (const c of [
    'analyze',
    'lz-analyze',
    'kata-analyze',
    'genmove_analyze',
    'lz-genmove_analyze',
    'kata-genmove_analyze'
  ]) {
    must(commands.includes(c), `list_commands lacks ${c}`)
  }
  const seen = {}
  controller.on('command-sent', ({command, subscribe}) => {
    if (!/analyze$/.test(command.name)) return
    const key = `${command.name} ${command.args.join(' ')}`
    seen[key] = {info: 0, play: null}
    const size = tracker.state.boardsize ? tracker.state.boardsize[0] : 19
    subscribe(({line, end}) => {
      if (line.startsWith('info ')) {
        try {
          parseAnalysisLine(line, size)
          seen[key].info++
        } catch (err) {
          problem(`${key}: ${err.message}`)
        }
      } else if (line.startsWith('play ')) {
        seen[key].play = line.slice(5)
      } else if (!end && !/^=\d* ?$/.test(line)) {
        problem(`${key}: unexpected line ${JSON.stringify(line)}`)
      }
    })
  })
  await tracker.sync({komi: 6.5, boardsize: [9, 9], history})
  const analyses = [
    ['analyze', ['B', '10']], // Sabaki's first choice when an engine lists it
    ['lz-analyze', ['B', '10']],
    ['kata-analyze', ['B', '10', 'ownership', 'true']]
  ]
  for (const [name, args] of analyses) {
    const running = tracker.queueCommand({name, args})
    await sleep(1000)
    // Sabaki's abort: the next command ends the analysis.
    const next = controller.sendCommand({name: 'protocol_version'})
    const response = await running
    must(!response.error, `${name}: error response`)
    must((await next).content === '2', `protocol_version after ${name}`)
    const key = `${name} ${args.join(' ')}`
    must(seen[key].info >= 3, `${key}: only ${seen[key].info} info lines in a second`)
  }
  // Navigating while analysing: Sabaki aborts (protocol_version, outside the tracker's
  // queue), then syncs; the sync's commands follow at once.
  const running = tracker.queueCommand({name: 'lz-analyze', args: ['W', '10']})
  await sleep(300)
  const abort = controller.busy ? controller.sendCommand({name: 'protocol_version'}) : null
  await tracker.sync({komi: 6.5, boardsize: [9, 9], history: variation})
  must(abort != null && (await abort).content === '2', 'the abort during the analysis')
  must(!(await running).error, 'lz-analyze W during the sync')
  must(
    JSON.stringify(tracker.state.history) === JSON.stringify(variation),
    'history after syncing during an analysis'
  )
  // Sabaki's move generation with analysis: the tracker reads the move from "play V".
  for (const name of ['genmove_analyze', 'kata-genmove_analyze']) {
    const before = tracker.state.history.length
    const color = before % 2 ? 'W' : 'B'
    const response = await tracker.queueCommand({name, args: [color, '10']})
    must(!response.error, `${name}: error response`)
    const played = seen[`${name} ${color} 10`].play
    must(/^([A-HJ-T]\d+|pass|resign)$/.test(played || ''), `${name}: play line ${played}`)
    const last = tracker.state.history[tracker.state.history.length - 1]
    must(
      tracker.state.history.length === before + 1 && last.args[1] === played,
      `${name}: the tracker's history has the move`
    )
  }
  console.log(JSON.stringify(seen))

  await controller.stop(10000)
  console.log(log.join('\n'))
}

main()
  .catch(err => problem(`exception: ${err && err.stack ? err.stack : err}`))
  .then(() => {
    if (problems.length > 0) {
      console.error(`${problems.length} problem(s)`)
      process.exit(1)
    }
    console.log('attach: ok')
  })
