import { Body, Controller, createApp, Depends, Get, Injectable, Param, Post } from 'trellis';
import { z } from 'zod';

const NewGreeting = z.object({ name: z.string().min(1), excited: z.boolean().default(false) });

@Injectable('request')
class Clock {
  readonly now = new Date();
}

@Controller('/greetings')
class GreetingsController {
  @Get('/:id')
  one(@Param('id', z.coerce.number().int().positive()) id: number) {
    return { id, text: `Greeting number ${id}` };
  }

  @Post()
  create(@Body(NewGreeting) body: z.infer<typeof NewGreeting>, @Depends(Clock) clock: Clock) {
    return { text: `Hello, ${body.name}${body.excited ? '!' : '.'}`, at: clock.now.toISOString() };
  }
}

const port = Number(process.env.PORT ?? 3000);
const app = createApp({ controllers: [GreetingsController] });
app.listen(port).then(() => console.log(`listening on :${port}`));
