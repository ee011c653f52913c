// Attaches koan to Sabaki's own GTP library (@sabaki/gtp) the way Sabaki's engine syncer
// does, and fails on any error response or unparsable output.
//
// Usage: node attach.cjs KOAN_BINARY DIR_WITH_NODE_MODULES
// Run by tests/sabaki_gtp.rs, which installs @sabaki/gtp into DIR first.

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
  controller.on('command-sent', ({command}) => log.push(`> ${command.name} ${command.args.join(' ')}`))
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
