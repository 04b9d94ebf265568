import {
  Body,
  ConflictException,
  type ContractController,
  Controller,
  Header,
  Implements,
  NotFoundException,
  Param,
  Query,
} from '../../../src';
import { notesApi } from './notes-api';

const NOTES = [
  { id: 'n1', text: 'first', pinned: true, secret: 'never sent' },
  { id: 'n2', text: 'second', pinned: false, secret: 'never sent' },
];

/** The notes contract, implemented with the decorators only reading what each route needs. */
@Controller()
export class NotesController implements ContractController<typeof notesApi> {
  @Implements(notesApi.listNotes)
  listNotes(@Query() query: { pinned?: 'true' | 'false'; tag?: string[] }) {
    return query.pinned === undefined ? NOTES : NOTES.filter((note) => String(note.pinned) === query.pinned);
  }

  @Implements(notesApi.getNote)
  getNote(@Param('id') id: string) {
    const note = NOTES.find((candidate) => candidate.id === id);
    if (!note) throw new NotFoundException('No such note');
    return note;
  }

  @Implements(notesApi.createNote)
  createNote(@Body() body: { text: string; pinned?: boolean }, @Header('X-Author') author: string) {
    if (body.text === 'taken') throw new ConflictException('That note exists');
    return { id: 'n3', text: `${body.text} (${author})`, pinned: body.pinned ?? false };
  }

  @Implements(notesApi.removeNote)
  removeNote(@Param('id') id: string) {
    if (!NOTES.some((note) => note.id === id)) throw new NotFoundException('No such note');
  }

  @Implements(notesApi.readFile)
  readFile(@Param('rest') rest: string) {
    return { rest };
  }
}
